package agentmesh.retry;

import jakarta.ejb.EJBException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;

/** Tells a failure of the surroundings (database unreachable, lock timeout) from a failure of the work itself. */
public final class Failures {

    private Failures() {}

    /**
     * Whether trying the same work again later can succeed without anyone changing it: lost connections, lock wait
     * timeouts, deadlocks. Such failures must not count towards giving up on a record.
     */
    public static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof SQLTransientException
                    || cause instanceof SQLRecoverableException
                    || cause instanceof SQLException sql && isConnectionLost(sql.getSQLState())) {
                return true;
            }
            String name = cause.getClass().getSimpleName();
            if (name.equals("CommunicationsException")
                    || name.equals("CJCommunicationsException")
                    || name.equals("ResourceException")
                    || name.equals("PoolingException")) {
                return true;
            }
        }
        return false;
    }

    /**
     * SQL state class 08 is a connection exception (the driver names a closed or broken connection
     * {@code SQLNonTransientConnectionException}, though a new connection can do the same work); 70100 is MariaDB's
     * "query interrupted", what a statement meets when an administrator or a failover kills its connection.
     */
    private static boolean isConnectionLost(String sqlState) {
        return sqlState != null && (sqlState.startsWith("08") || sqlState.equals("70100"));
    }

    /** The failure a bean's call met, without the container's {@code EJBException} around it. */
    public static Throwable unwrapped(RuntimeException e) {
        return e instanceof EJBException && e.getCause() != null ? e.getCause() : e;
    }
}

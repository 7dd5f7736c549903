package agentmesh.retry;

import jakarta.ejb.EJBException;
import jakarta.transaction.SystemException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;

/** Tells a failure of the surroundings (database unreachable, lock timeout) from a failure of the work itself. */
public final class Failures {

    private Failures() {}

    /**
     * Whether trying the same work again later can succeed without anyone changing it: lost connections, lock wait
     * timeouts, deadlocks, and the transaction manager's own failure to enlist or complete a transaction on them
     * ({@link SystemException}, met when an instance's database connections were killed). Such failures must not
     * count towards giving up on a record.
     */
    public static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof SQLTransientException
                    || cause instanceof SQLRecoverableException
                    || cause instanceof SQLException sql && isConnectionLost(sql)
                    || cause instanceof SystemException) {
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
     * "query interrupted", what a statement meets when an administrator or a failover kills its connection. A
     * statement of a connection closed under it has no state of its own in Connector/J, only its words.
     */
    private static boolean isConnectionLost(SQLException failure) {
        String state = failure.getSQLState();
        String message = failure.getMessage();
        return state != null && (state.startsWith("08") || state.equals("70100"))
                || message != null && message.startsWith("No operations allowed after");
    }

    /** The failure a bean's call met, without the container's {@code EJBException} around it. */
    public static Throwable unwrapped(RuntimeException e) {
        return e instanceof EJBException && e.getCause() != null ? e.getCause() : e;
    }
}

package agentmesh.jdbc;

import java.sql.SQLException;

/**
 * Recognises MySQL/MariaDB's duplicate-key error (1062) for one unique key. The mesh inserts and catches this error
 * instead of selecting first: the unique index is the only check that holds under concurrency.
 */
public final class DuplicateKey {

    private static final int ER_DUP_ENTRY = 1062;

    private DuplicateKey() {}

    /** Whether the exception was caused by a duplicate entry for the named key ({@code PRIMARY} for the primary key). */
    public static boolean violates(Throwable failure, String keyName) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == ER_DUP_ENTRY) {
                String message = String.valueOf(sql.getMessage());
                return message.contains("'" + keyName + "'") || message.contains("." + keyName + "'");
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}

package agentmesh.retry;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.SystemException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

class FailuresTest {

    @Test
    void aConnectionClosedUnderTheStatementIsTransientThoughTheDriverCallsItNonTransient() {
        var closed = new SQLNonTransientConnectionException("Connection is closed", "08003");

        assertTrue(Failures.isTransient(new EJBException(new PersistenceException(closed))));
    }

    @Test
    void aStatementInterruptedByAKilledConnectionIsTransient() {
        assertTrue(Failures.isTransient(new SQLException("Query execution was interrupted", "70100", 1317)));
    }

    @Test
    void aStatementOfAConnectionClosedUnderItIsTransient() {
        assertTrue(Failures.isTransient(
                new PersistenceException(new SQLException("No operations allowed after statement closed.", "S1009"))));
    }

    @Test
    void theTransactionManagersFailureOnABrokenConnectionIsTransient() {
        assertTrue(Failures.isTransient(new EJBException(new SystemException())));
    }

    @Test
    void aDeadlockIsTransient() {
        assertTrue(Failures.isTransient(new SQLTransactionRollbackException("Deadlock found", "40001", 1213)));
    }

    @Test
    void theWorksOwnFailuresAreNot() {
        assertFalse(Failures.isTransient(new PersistenceException(
                new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062))));
        assertFalse(Failures.isTransient(new SQLSyntaxErrorException("You have an error", "42000", 1064)));
        assertFalse(Failures.isTransient(new SQLException("no state")));
        assertFalse(Failures.isTransient(new IllegalStateException("a bug")));
    }
}

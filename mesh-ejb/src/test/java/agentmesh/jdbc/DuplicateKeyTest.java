package agentmesh.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLIntegrityConstraintViolationException;
import org.junit.jupiter.api.Test;

class DuplicateKeyTest {

    private static RuntimeException wrapped(String message, int code) {
        return new RuntimeException(
                "persistence failed",
                new IllegalStateException(new SQLIntegrityConstraintViolationException(message, "23000", code)));
    }

    @Test
    void recognisesTheNamedKeyInMariaDbAndMySqlMessages() {
        assertTrue(DuplicateKey.violates(wrapped("Duplicate entry 'm-1' for key 'uk_message'", 1062), "uk_message"));
        assertTrue(DuplicateKey.violates(
                wrapped("Duplicate entry 'm-1' for key 'task_message.uk_message'", 1062), "uk_message"));
    }

    @Test
    void otherKeysAndOtherErrorsAreNotThisDuplicate() {
        assertFalse(DuplicateKey.violates(wrapped("Duplicate entry '1-2' for key 'uk_seq'", 1062), "uk_message"));
        assertFalse(DuplicateKey.violates(wrapped("Cannot add a child row: uk_message", 1452), "uk_message"));
        assertFalse(DuplicateKey.violates(new RuntimeException("no SQL here"), "uk_message"));
    }
}

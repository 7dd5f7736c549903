package agentmesh.web.errors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class ClientDisconnectsTest {

    @Test
    void aFailureToWriteToAClosedConnectionIsAClientGone() {
        LogRecord record = new LogRecord(Level.SEVERE, "Error while closing the output stream");
        record.setThrown(new RuntimeException(new UncheckedIOException(new IOException("Connection is closed"))));

        assertTrue(ClientDisconnects.isClientGone(record));
    }

    @Test
    void anyOtherFailureIsNot() {
        LogRecord record = new LogRecord(Level.SEVERE, "Error while closing the output stream");
        record.setThrown(new IllegalStateException("a bug"));

        assertFalse(ClientDisconnects.isClientGone(record));
        assertFalse(ClientDisconnects.isClientGone(new LogRecord(Level.SEVERE, "no exception at all")));
    }
}

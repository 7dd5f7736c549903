package agentmesh.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class RepeatedLogFilterTest {

    private final AtomicLong now = new AtomicLong();
    private final RepeatedLogFilter filter = new RepeatedLogFilter(Duration.ofSeconds(60), now::get);

    @Test
    void aWarningRepeatedWithinThePeriodIsDroppedAndTheNextOneSaysHowManyWere() {
        assertTrue(filter.isLoggable(warning("Connection to node 1 (/127.0.0.1:9092) could not be established.")));
        for (int i = 0; i < 41; i++) {
            now.addAndGet(Duration.ofSeconds(1).toNanos());
            assertFalse(filter.isLoggable(
                    warning("Connection to node " + i + " (/127.0.0.1:9092) could not be" + " established.")));
        }
        now.addAndGet(Duration.ofSeconds(20).toNanos());

        LogRecord after = warning("Connection to node 1 (/127.0.0.1:9092) could not be established.");
        assertTrue(filter.isLoggable(after));
        assertEquals(
                "Connection to node 1 (/127.0.0.1:9092) could not be established. [41 more like this in the last"
                        + " 60 s were not logged]",
                after.getMessage());
    }

    @Test
    void differentWarningsAndOtherLoggersAreCountedApart() {
        assertTrue(filter.isLoggable(warning("Bootstrap broker disconnected")));
        assertTrue(filter.isLoggable(warning("Connection could not be established")));
        LogRecord elsewhere = warning("Bootstrap broker disconnected");
        elsewhere.setLoggerName("org.apache.kafka.clients.producer.internals.Sender");
        assertTrue(filter.isLoggable(elsewhere));
        assertFalse(filter.isLoggable(warning("Bootstrap broker disconnected")));
    }

    @Test
    void recordsBelowWarningAlwaysPass() {
        for (int i = 0; i < 3; i++) {
            assertTrue(filter.isLoggable(new LogRecord(Level.INFO, "Subscribed to topic")));
        }
    }

    private static LogRecord warning(String message) {
        LogRecord record = new LogRecord(Level.WARNING, message);
        record.setLoggerName("org.apache.kafka.clients.NetworkClient");
        return record;
    }
}

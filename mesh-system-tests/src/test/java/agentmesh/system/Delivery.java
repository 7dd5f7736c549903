package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Checks on what reached the topic: every expected message once, in the expected order per recipient. */
final class Delivery {

    private Delivery() {}

    /** Message ids on the topic per recipient, in topic order. */
    static Map<String, List<String>> onTopic(Iterable<String> recipients) {
        List<String> keys = new ArrayList<>();
        recipients.forEach(keys::add);
        Map<String, List<String>> byRecipient = new LinkedHashMap<>();
        keys.forEach(key -> byRecipient.put(key, new ArrayList<>()));
        for (TopicReader.Event event : TopicReader.eventsFor(keys)) {
            byRecipient.get(event.key()).add(event.messageId());
        }
        return byRecipient;
    }

    /**
     * Waits until every outbox row of the recipients is sent, then requires the topic to hold exactly the expected
     * messages per recipient in the expected (commit) order: nothing missing, nothing twice, nothing swapped.
     */
    static void awaitExactly(Map<String, List<String>> expected, Duration timeout) {
        await().atMost(timeout).pollInterval(Duration.ofMillis(200)).until(() -> pendingFor(expected.keySet()) == 0);
        assertEquals(expected, onTopic(expected.keySet()));
    }

    static long pendingFor(Iterable<String> recipients) {
        long pending = 0;
        for (String recipient : recipients) {
            pending += MeshDatabase.count(
                    "SELECT COUNT(*) FROM outbox_event WHERE event_key = ? AND status = 'PENDING'", recipient);
        }
        return pending;
    }
}

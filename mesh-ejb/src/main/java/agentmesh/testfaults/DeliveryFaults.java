package agentmesh.testfaults;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test only ({@code mesh.test.faults=true}): makes delivering chosen events fail (a poison record), makes the
 * consumer "crash" after a delivery committed and before its offset is committed (a redelivery), or holds the
 * consumer (it stays in its group and reads nothing, so that the dispatcher can be measured alone).
 */
@ApplicationScoped
public class DeliveryFaults {

    @Inject
    TestFaultSettings settings;

    // read once: a fault point off costs a field read
    boolean enabled;

    private final Set<String> poisonedEvents = ConcurrentHashMap.newKeySet();
    private final AtomicInteger crashesBeforeOffsetCommit = new AtomicInteger();
    private volatile boolean consumerHeld;

    @PostConstruct
    void readSettings() {
        enabled = settings.enabled();
    }

    public boolean enabled() {
        return enabled;
    }

    public void poison(String eventId) {
        if (enabled) {
            poisonedEvents.add(eventId);
        }
    }

    public void cure(String eventId) {
        poisonedEvents.remove(eventId);
    }

    public void crashBeforeNextOffsetCommit() {
        if (enabled) {
            crashesBeforeOffsetCommit.incrementAndGet();
        }
    }

    /** Whether the event was poisoned, by its event id or, for a message, by its message id. */
    public boolean poisoned(String eventId, String messageId) {
        return !poisonedEvents.isEmpty()
                && (poisonedEvents.contains(eventId) || messageId != null && poisonedEvents.contains(messageId));
    }

    /** Crashes armed and not yet taken: 0 once the consumer has crashed as asked. */
    public int armedCrashes() {
        return crashesBeforeOffsetCommit.get();
    }

    /** Consumes one armed crash, if any. */
    public boolean takeCrash() {
        return crashesBeforeOffsetCommit.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
    }

    public void holdConsumer(boolean held) {
        consumerHeld = enabled && held;
    }

    /** Whether the consumer is to read nothing for now. */
    public boolean consumerHeld() {
        return consumerHeld;
    }
}

package agentmesh.outbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * Starts dispatching as soon as a transaction with outbox events has committed — not before, when the rows are not
 * yet visible, and not at all when it rolled back. This is what keeps commit-to-Kafka latency in milliseconds;
 * the sweep only catches what this misses.
 */
@ApplicationScoped
public class DispatchOnCommit {

    @Inject
    OutboxDispatcher dispatcher;

    void afterCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) OutboxEnqueued enqueued) {
        dispatcher.trigger();
    }
}

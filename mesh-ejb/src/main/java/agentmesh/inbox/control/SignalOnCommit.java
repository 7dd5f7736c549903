package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/** Wakes the agent's readers only once its new events are committed, so they are sure to see them. */
@ApplicationScoped
public class SignalOnCommit {

    @Inject
    InboxSignals signals;

    void afterCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) InboxDelivered delivered) {
        signals.signal(new InboxChange(delivered.agentId(), delivered.cursor(), delivered.events()));
    }
}

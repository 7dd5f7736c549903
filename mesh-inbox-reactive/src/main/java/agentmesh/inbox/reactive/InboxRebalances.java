package agentmesh.inbox.reactive;

import agentmesh.inbox.control.InboxMetrics;
import agentmesh.inboxchannel.InboxRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;

/**
 * Counts the inbox consumer group's rebalances on the Reactive Messaging consumer, as the consumer loops do on
 * Payara ({@code agent_mesh_consumer_rebalances_total}), and clears the lag of partitions taken away: told by the
 * channel's rebalance listener, which lives at the EAR's top level where the connector finds it.
 */
@ApplicationScoped
public class InboxRebalances implements InboxRebalanceListener.Rebalances {

    @Inject
    InboxRebalanceListener listener;

    @Inject
    InboxMetrics metrics;

    void atStartup(@Observes Startup startup) {
        listener.tell(this);
    }

    @Override
    public void assigned(int generation) {
        metrics.partitionsAssigned(generation);
    }

    /** A revoked partition's lag is its next owner's to report; a stale value here would count twice. */
    @Override
    public void revoked(int partition) {
        metrics.lag(partition, 0);
    }
}

package agentmesh.inbox.consumer;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.inbox.control.InboxRecord;
import agentmesh.testfaults.DeliveryFaults;
import java.util.List;

/** The loops' transactional side: the EJBs, each call a container transaction of its own. */
final class ContainerDeliveries implements Deliveries {

    private final InboxDelivery delivery;
    private final DeadLetters deadLetters;
    private final DeliveryFaults faults;
    private final InboxMetrics metrics;

    ContainerDeliveries(InboxDelivery delivery, DeadLetters deadLetters, DeliveryFaults faults, InboxMetrics metrics) {
        this.delivery = delivery;
        this.deadLetters = deadLetters;
        this.faults = faults;
        this.metrics = metrics;
    }

    @Override
    public void deliverAll(List<InboxRecord> records) {
        delivery.deliverAll(records);
    }

    @Override
    public void deliver(InboxRecord record) {
        delivery.deliver(record);
    }

    @Override
    public void park(PolledRecord record, Throwable cause, int attempts) {
        deadLetters.park(
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value() == null ? "" : record.value(),
                String.valueOf(cause),
                attempts);
    }

    @Override
    public boolean crashBeforeOffsetCommit() {
        return faults.takeCrash();
    }

    @Override
    public boolean held() {
        return faults.consumerHeld();
    }

    @Override
    public void lag(int partition, long lag) {
        metrics.lag(partition, lag);
    }

    @Override
    public void rebalanced(int generation) {
        metrics.partitionsAssigned(generation);
    }
}

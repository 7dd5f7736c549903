package agentmesh.inbox.consumer;

import agentmesh.retry.Failures;

/**
 * What a failed delivery says, the same for both consumers ({@link ConsumerLoop}, {@link PartitionDelivery}): a
 * failure of the surroundings (database unreachable, lock timeout: {@link Failures#isTransient}) says nothing against
 * the records — a batch it failed is tried again whole after its wait, and a record it failed is not counted towards
 * parking; any other failure is the records' own fault — a batch it failed is taken apart, one record at a time, and
 * a record it failed is counted.
 */
record DeliveryFailure(Throwable cause, boolean ownFault) {

    static DeliveryFailure of(RuntimeException failure) {
        Throwable cause = Failures.unwrapped(failure);
        return new DeliveryFailure(cause, !Failures.isTransient(cause));
    }
}

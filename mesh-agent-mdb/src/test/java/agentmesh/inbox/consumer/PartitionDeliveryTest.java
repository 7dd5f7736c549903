package agentmesh.inbox.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.inbox.control.InboxRecord;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The waiting consumer's delivery policy, with a recording stand-in for the transactional side. */
@Tag("G5")
class PartitionDeliveryTest {

    private final Recording deliveries = new Recording();
    private final PartitionDelivery partition = new PartitionDelivery(deliveries, settings(3, 1));

    @Test
    void aPartitionsRecordsAreDeliveredInOneCall() {
        partition.deliver(records("a", "b", "c"));

        assertEquals(List.of(List.of("a", "b", "c")), deliveries.batches);
        assertEquals(List.of(), deliveries.singles);
    }

    @Test
    void aPoisonRecordIsTriedMaxAttemptsTimesThenParkedAloneAndTheRecordsAfterItFollow() {
        deliveries.failures.put("b", Integer.MAX_VALUE);

        partition.deliver(records("a", "b", "c"));

        assertEquals(List.of("a", "b", "b", "b", "c"), deliveries.singles);
        assertEquals(List.of("b after 3"), deliveries.parked);
    }

    @Test
    void failuresOfTheSurroundingsDoNotCountTowardsParking() {
        deliveries.failures.put("b", 5);
        deliveries.databaseAway = true;

        partition.deliver(records("a", "b"));

        assertEquals(List.of("a", "b", "b", "b", "b", "b", "b"), deliveries.singles);
        assertEquals(List.of(), deliveries.parked);
    }

    /** The consumers' one classification ({@link DeliveryFailure}): as {@link ConsumerLoopTest} has it. */
    @Test
    void aBatchFailedByTheSurroundingsIsTriedAgainWholeAfterItsWaitNotTakenApart() {
        deliveries.batchOutages = 2;

        partition.deliver(records("a", "b", "c"));

        assertEquals(3, deliveries.batchTries);
        assertEquals(List.of(List.of("a", "b", "c")), deliveries.batches);
        assertEquals(List.of(), deliveries.singles);
    }

    @Test
    void theSurroundingsFailuresOfABatchDoNotCountTowardsParkingItsFirstRecord() {
        deliveries.batchOutages = 5;
        deliveries.failures.put("a", 2);

        partition.deliver(records("a", "b"));

        assertEquals(List.of("a", "a", "a", "b"), deliveries.singles);
        assertEquals(List.of(), deliveries.parked);
    }

    @Test
    void stoppingTheApplicationEndsTheWaitForTheNextTryWithoutDeliveringOrParking() throws Exception {
        PartitionDelivery slow = new PartitionDelivery(deliveries, settings(3, 60_000));
        deliveries.failures.put("a", Integer.MAX_VALUE);
        CompletableFuture<Void> delivering = CompletableFuture.runAsync(() -> slow.deliver(records("a")));
        assertTrue(deliveries.firstSingle.await(10, TimeUnit.SECONDS));

        slow.wakeWaiting();

        ExecutionException stopped = assertThrows(ExecutionException.class, () -> delivering.get(10, TimeUnit.SECONDS));
        assertInstanceOf(PartitionDelivery.Stopped.class, stopped.getCause());
        assertEquals(List.of(), deliveries.parked);
    }

    private static ConsumerSettings settings(int maxAttempts, long backoffMillis) {
        ConsumerSettings settings = new ConsumerSettings();
        settings.maxAttempts = maxAttempts;
        settings.retryBackoffMillis = backoffMillis;
        return settings;
    }

    private static List<PolledRecord> records(String... values) {
        return IntStream.range(0, values.length)
                .mapToObj(i -> new PolledRecord("inbox.events", 0, i, "bob", values[i]))
                .toList();
    }

    /** Fails a record as often as {@link #failures} says, with the database away or with the record's own fault. */
    private static final class Recording implements Deliveries {
        final List<List<String>> batches = new ArrayList<>();
        final List<String> singles = Collections.synchronizedList(new ArrayList<>());
        final List<String> parked = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Integer> failures = new HashMap<>();
        final CountDownLatch firstSingle = new CountDownLatch(1);
        boolean databaseAway;
        int batchOutages;
        int batchTries;

        @Override
        public void deliverAll(List<InboxRecord> records) {
            batchTries++;
            if (batchOutages > 0) {
                batchOutages--;
                throw new IllegalStateException(new SQLTransientConnectionException("database away"));
            }
            if (records.stream().anyMatch(r -> failures.containsKey(r.value()))) {
                throw new IllegalStateException("one of them fails");
            }
            batches.add(records.stream().map(InboxRecord::value).toList());
        }

        @Override
        public void deliver(InboxRecord record) {
            singles.add(record.value());
            firstSingle.countDown();
            Integer left = failures.get(record.value());
            if (left != null && left > 0) {
                failures.put(record.value(), left - 1);
                throw databaseAway
                        ? new IllegalStateException(new SQLTransientConnectionException("database away"))
                        : new IllegalStateException("poison");
            }
        }

        @Override
        public void park(PolledRecord record, Throwable cause, int attempts) {
            parked.add(record.value() + " after " + attempts);
        }

        @Override
        public boolean crashBeforeOffsetCommit() {
            return false;
        }

        @Override
        public boolean held() {
            return false;
        }

        @Override
        public void lag(int partition, long lag) {}

        @Override
        public void rebalanced(int generation) {}
    }
}

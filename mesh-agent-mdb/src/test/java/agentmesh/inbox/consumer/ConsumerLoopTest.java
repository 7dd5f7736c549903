package agentmesh.inbox.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.inbox.control.InboxRecord;
import java.sql.SQLTransientConnectionException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The consumer loop against Kafka's MockConsumer, with a recording stand-in for the transactional side. */
@Tag("G3")
@Tag("G5")
class ConsumerLoopTest {

    private static final String TOPIC = "inbox.events";
    private final TopicPartition p0 = new TopicPartition(TOPIC, 0);
    private final TopicPartition p1 = new TopicPartition(TOPIC, 1);

    private boolean coordinatorAway;
    private int generation;
    // Both of commitSync's forms end here (MockConsumer's bounded one calls the other).
    private final MockConsumer<String, String> kafka = new MockConsumer<>("earliest") {
        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            if (coordinatorAway) {
                throw new TimeoutException("Timeout expired before successfully committing offsets " + offsets);
            }
            super.commitSync(offsets);
        }

        // MockConsumer's generation never changes; a group's goes up with every rebalance.
        @Override
        public synchronized void rebalance(Collection<TopicPartition> newAssignment) {
            generation++;
            super.rebalance(newAssignment);
        }

        @Override
        public synchronized ConsumerGroupMetadata groupMetadata() {
            return new ConsumerGroupMetadata("mesh-inbox", generation, "member", Optional.empty());
        }
    };
    private final SettableClock clock = new SettableClock();
    private final RecordingDeliveries deliveries = new RecordingDeliveries();
    private final Map<TopicPartition, List<ConsumerRecord<String, String>>> log = new HashMap<>();
    private ConsumerLoop loop;

    @BeforeEach
    void assignTwoPartitions() {
        ConsumerSettings settings = new ConsumerSettings();
        settings.topic = TOPIC;
        settings.maxAttempts = 3;
        settings.retryBackoffMillis = 100;
        loop = new ConsumerLoop("test", settings, () -> kafka, deliveries, clock);
        loop.subscribe(kafka);
        kafka.rebalance(List.of(p0, p1));
        kafka.updateBeginningOffsets(Map.of(p0, 0L, p1, 0L));
    }

    @Test
    void aPollsRecordsOfSeveralPartitionsAreDeliveredInOneCallAndCommittedOnce() {
        add(p0, 0, "a", "b", "c");
        add(p1, 0, "x");

        poll();

        assertEquals(1, deliveries.batches.size(), deliveries.batches::toString);
        List<String> batch = deliveries.batches.get(0);
        assertEquals(Set.of("a", "b", "c", "x"), Set.copyOf(batch));
        assertEquals(
                List.of("a", "b", "c"),
                batch.stream().filter(v -> !v.equals("x")).toList(),
                "in order");
        assertEquals(List.of(), deliveries.singles);
        assertEquals(3, committed(p0));
        assertEquals(1, committed(p1));
    }

    @Test
    void aPollThatFailsTogetherIsDeliveredPartitionByPartition() {
        deliveries.poisoned.add("x");
        add(p0, 0, "a", "b");
        add(p1, 0, "x", "y");

        poll();

        assertEquals(List.of(List.of("a", "b")), deliveries.batches, "p0 on its own");
        assertEquals(List.of("x"), deliveries.singles, "p1's batch failed: one by one, x first");
        assertEquals(2, committed(p0));
        assertEquals(0, committed(p1));
        assertEquals(Set.of(p1), kafka.paused());
    }

    @Test
    void aPollFailedTogetherByTheSurroundingsWaitsWholeAndIsTriedPartitionByPartition() {
        deliveries.databaseAway = true;
        add(p0, 0, "a", "b");
        add(p1, 0, "x");

        poll();

        assertEquals(1, deliveries.attempts, "one try for the poll, not one more per partition");
        assertEquals(Set.of(p0, p1), kafka.paused());
        deliveries.databaseAway = false;
        clock.advance(Duration.ofMillis(100));
        poll();

        assertEquals(Set.of(List.of("a", "b"), List.of("x")), Set.copyOf(deliveries.batches));
        assertEquals(List.of(), deliveries.singles);
        assertEquals(List.of(), deliveries.parked, "the database's failure did not count");
        assertEquals(2, committed(p0));
        assertEquals(1, committed(p1));
    }

    @Test
    void aPartitionWaitingForItsRetryIsNotDeliveredTogetherWithTheOthers() {
        deliveries.poisoned.add("b");
        add(p0, 0, "a", "b");
        poll();
        deliveries.poisoned.clear();
        clock.advance(Duration.ofMinutes(1));
        add(p1, 0, "x");
        deliveries.batches.clear();

        poll();

        assertEquals(List.of(List.of("x")), deliveries.batches, "p1 alone; p0 goes record by record");
        assertEquals(List.of("a", "b", "b"), deliveries.singles);
        assertEquals(2, committed(p0));
        assertEquals(1, committed(p1));
    }

    @Test
    void aFailingBatchIsDeliveredOneByOneSoThatOnlyThePoisonRecordWaits() {
        deliveries.poisoned.add("b");
        add(p0, 0, "a", "b", "c");
        add(p1, 0, "x");

        poll();

        assertEquals(List.of("a", "b"), deliveries.singles, "c waits behind b");
        assertEquals(1, committed(p0), "a is done, b is not");
        assertEquals(1, committed(p1), "the other partition flows");
        assertEquals(Set.of(p0), kafka.paused());
        assertEquals(1, kafka.position(p0), "b comes again");
    }

    @Test
    void aRecordThatKeepsFailingIsParkedAndItsPartitionMovesOn() {
        deliveries.poisoned.add("b");
        add(p0, 0, "a", "b", "c");

        for (int i = 0; i < 4; i++) {
            poll();
            clock.advance(Duration.ofMinutes(1));
        }

        assertEquals(List.of("b"), deliveries.parked);
        assertEquals(3, committed(p0));
        assertEquals(List.of("a", "b", "b", "b", "c"), deliveries.singles);
        assertEquals(Set.of(), kafka.paused());
    }

    @Test
    void theDatabaseAwayPausesOnlyTheFailingPartitionCountsNothingAndRetriesTheBatch() {
        deliveries.databaseAway = true;
        add(p0, 0, "a", "b");

        poll();
        add(p1, 0, "x");
        deliveries.databaseAway = false;
        poll();

        assertEquals(Set.of(p0), kafka.paused(), "p0 waits for its backoff");
        assertEquals(1, committed(p1));
        clock.advance(Duration.ofSeconds(1));
        poll();
        assertEquals(2, committed(p0));
        assertEquals(List.of(), deliveries.parked);
    }

    /** The consumers' one classification ({@link DeliveryFailure}): as {@link PartitionDeliveryTest} has it. */
    @Test
    void aBatchFailedByTheSurroundingsIsTriedAgainWholeAfterItsWaitNotTakenApart() {
        deliveries.databaseAway = true;
        add(p0, 0, "a", "b", "c");

        poll();
        deliveries.databaseAway = false;
        poll();
        assertEquals(List.of(), deliveries.batches, "p0 waits for its backoff");
        clock.advance(Duration.ofMillis(100));
        poll();

        assertEquals(List.of(List.of("a", "b", "c")), deliveries.batches);
        assertEquals(List.of(), deliveries.singles);
        assertEquals(3, committed(p0));
    }

    @Test
    void aRecordFailedByItsOwnFaultWaitsAloneEvenWhenTheDatabaseFailsItsNextTry() {
        deliveries.poisoned.add("b");
        add(p0, 0, "a", "b", "c");
        poll();
        deliveries.databaseAway = true;
        clock.advance(Duration.ofMinutes(1));
        poll();
        deliveries.databaseAway = false;
        deliveries.poisoned.clear();
        clock.advance(Duration.ofMinutes(1));

        poll();

        assertEquals(List.of("a", "b", "b", "b", "c"), deliveries.singles);
        assertEquals(List.of(), deliveries.parked, "the database's failure did not count");
        assertEquals(3, committed(p0));
    }

    @Test
    void aRebalanceForgetsTheRetryStateOfARevokedPartition() {
        deliveries.poisoned.add("b");
        add(p0, 0, "a", "b");
        poll();
        assertEquals(Set.of(p0), kafka.paused());

        kafka.rebalance(List.of(p1));
        kafka.rebalance(List.of(p0, p1));
        kafka.seek(p0, 1); // from the committed offset
        deliveries.poisoned.clear();
        poll();

        assertEquals(List.of("a", "b"), deliveries.singles, "b once by itself: the new owner starts afresh");
        assertTrue(deliveries.batches.contains(List.of("b")), deliveries.batches::toString);
        assertEquals(2, committed(p0));
    }

    @Test
    void everyAssignmentIsReportedWithItsGenerationForTheRebalanceCount() {
        kafka.rebalance(List.of(p1));
        kafka.rebalance(List.of(p0, p1));

        assertEquals(List.of(1, 2, 3), deliveries.generations);
    }

    @Test
    void anArmedCrashKillsTheLoopBetweenTheDeliveriesAndTheOffsetCommit() {
        deliveries.crash = true;
        add(p0, 0, "a");

        RuntimeException crash = assertThrows(RuntimeException.class, this::poll);

        assertTrue(crash.getMessage().contains("simulated consumer crash"), crash::toString);
        assertEquals(List.of(List.of("a")), deliveries.batches);
        assertNull(kafka.committed(Set.of(p0)).get(p0));
    }

    @Test
    void aHeldLoopDeliversNothingAndOnReleaseResumesAllButAPartitionWaitingForItsRetry() {
        deliveries.poisoned.add("b");
        add(p0, 0, "b");
        poll();
        deliveries.poisoned.clear();
        deliveries.held = true;
        add(p1, 0, "x");

        poll();
        assertEquals(Set.of(p0, p1), kafka.paused());
        assertEquals(List.of(), deliveries.batches);

        deliveries.held = false;
        poll();
        assertEquals(List.of(List.of("x")), deliveries.batches);
        assertEquals(Set.of(p0), kafka.paused(), "b still waits for its backoff");
        clock.advance(Duration.ofSeconds(1));
        poll();
        assertEquals(1, committed(p0));
    }

    @Test
    void recordsOfAPollThatWasWaitingWhenTheHoldCameWaitForTheRelease() {
        deliveries.heldAnswers.addAll(List.of(false, true)); // not held before the poll, held when it returns
        add(p0, 0, "a");

        poll();
        assertEquals(List.of(), deliveries.batches);
        assertEquals(Set.of(p0, p1), kafka.paused());
        assertEquals(0, kafka.position(p0), "a comes again");

        poll();
        assertEquals(List.of(List.of("a")), deliveries.batches);
        assertEquals(1, committed(p0));
    }

    @Test
    void anOffsetCommitThatTimesOutLeavesTheLoopPollingAndItsNextCommitCoversIt() {
        coordinatorAway = true;
        add(p0, 0, "a", "b");
        poll();
        assertEquals(0, committed(p0));

        coordinatorAway = false;
        add(p0, 2, "c");
        poll();

        assertEquals(List.of(List.of("a", "b"), List.of("c")), deliveries.batches, "each delivered once");
        assertEquals(3, committed(p0));
    }

    private void add(TopicPartition partition, long firstOffset, String... values) {
        for (int i = 0; i < values.length; i++) {
            log.computeIfAbsent(partition, p -> new ArrayList<>())
                    .add(new ConsumerRecord<>(TOPIC, partition.partition(), firstOffset + i, "bob", values[i]));
        }
    }

    // MockConsumer forgets what a poll returned; a broker keeps its log, so a consumer that seeks back reads it again.
    private void poll() {
        for (TopicPartition partition : kafka.assignment()) {
            long position = kafka.position(partition);
            log.getOrDefault(partition, List.of()).stream()
                    .filter(r -> r.offset() >= position)
                    .forEach(kafka::addRecord);
        }
        loop.pollOnce(kafka);
    }

    private long committed(TopicPartition partition) {
        OffsetAndMetadata offset = kafka.committed(Set.of(partition)).get(partition);
        return offset == null ? 0 : offset.offset();
    }

    /** Delivers by recording; a poisoned value always fails, the database away fails everything, transiently. */
    private static final class RecordingDeliveries implements Deliveries {
        final List<List<String>> batches = new ArrayList<>();
        final List<String> singles = new ArrayList<>();
        final List<String> parked = new ArrayList<>();
        final Set<String> poisoned = new HashSet<>();
        boolean databaseAway;
        int attempts; // of deliverAll, failed ones too
        boolean crash;
        boolean held;
        final Deque<Boolean> heldAnswers = new ArrayDeque<>();
        final List<Integer> generations = new ArrayList<>();

        @Override
        public void deliverAll(List<InboxRecord> records) {
            attempts++;
            fail(records.stream().map(InboxRecord::value).toList());
            batches.add(records.stream().map(InboxRecord::value).toList());
        }

        @Override
        public void deliver(InboxRecord record) {
            singles.add(record.value());
            fail(List.of(record.value()));
        }

        private void fail(List<String> values) {
            if (databaseAway) {
                throw new IllegalStateException(new SQLTransientConnectionException("database away"));
            }
            if (values.stream().anyMatch(poisoned::contains)) {
                throw new IllegalStateException("poison");
            }
        }

        @Override
        public void park(PolledRecord record, Throwable cause, int attempts) {
            parked.add(record.value());
        }

        @Override
        public boolean crashBeforeOffsetCommit() {
            return crash;
        }

        @Override
        public boolean held() {
            return heldAnswers.isEmpty() ? held : heldAnswers.pop();
        }

        @Override
        public void lag(int partition, long lag) {}

        @Override
        public void rebalanced(int generation) {
            generations.add(generation);
        }
    }

    private static final class SettableClock extends Clock {
        private Instant now = Instant.parse("2026-12-03T12:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}

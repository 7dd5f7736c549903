package agentmesh.inbox.consumer;

import agentmesh.retry.Attempts;
import agentmesh.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * One consumer thread. A poll's records are delivered in one transaction; should that fail by their own fault, each
 * partition's in one of its own; should a partition's fail by their own fault, one by one, each in its own, so that a
 * record that cannot be delivered is retried and parked alone while the ones before it are done. Should a delivery
 * fail by the surroundings' ({@link DeliveryFailure}), each of its partitions' records are tried again together
 * after their wait. Waits and parking follow the consumer's {@link RetryPolicy}. Offsets are committed once per poll, after every delivery they cover has committed, never before. A
 * failing record pauses only its partition while it waits for its next try.
 */
final class ConsumerLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(ConsumerLoop.class.getName());
    private static final Duration RESTART_PAUSE = Duration.ofSeconds(1);
    private static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(5);

    private final String clientId;
    private final ConsumerSettings settings;
    private final Supplier<Consumer<String, String>> consumers;
    private final Deliveries deliveries;
    private final Clock clock;

    private final Map<TopicPartition, Retry> retries = new HashMap<>();
    private final Map<TopicPartition, Instant> pausedUntil = new HashMap<>();
    private final Map<TopicPartition, Long> committed = new HashMap<>();
    private volatile boolean running = true;
    private boolean held;
    private volatile Consumer<String, String> consumer;

    ConsumerLoop(
            String clientId,
            ConsumerSettings settings,
            Supplier<Consumer<String, String>> consumers,
            Deliveries deliveries,
            Clock clock) {
        this.clientId = clientId;
        this.settings = settings;
        this.consumers = consumers;
        this.deliveries = deliveries;
        this.clock = clock;
    }

    /**
     * The failed tries of the partition's record at {@code offset} (the head of what it polls); {@code alone}: the
     * record failed on its own, and the partition goes one record at a time from it until it is done with.
     */
    private record Retry(long offset, Attempts attempts, boolean alone) {}

    /** Thrown by the test fault switch: the loop dies as after a crash, without committing its offsets. */
    private static final class SimulatedCrash extends RuntimeException {
        SimulatedCrash() {
            super("simulated consumer crash between delivery commit and offset commit");
        }
    }

    @Override
    public void run() {
        while (running) {
            try {
                consume();
            } catch (WakeupException e) {
                // shutdown() woke the poll
            } catch (SimulatedCrash e) {
                LOG.warning(e.getMessage() + "; starting a new consumer");
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Consumer " + clientId + " failed; starting a new one", e);
                pauseBeforeRestart();
            }
        }
    }

    void shutdown() {
        running = false;
        Consumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    private void consume() {
        Consumer<String, String> kafka = consumers.get();
        consumer = kafka;
        try {
            subscribe(kafka);
            while (running) {
                pollOnce(kafka);
            }
        } finally {
            consumer = null;
            Thread.interrupted(); // a pending interrupt would make close() skip leaving the group
            kafka.close(Duration.ofSeconds(5));
        }
    }

    void subscribe(Consumer<String, String> kafka) {
        kafka.subscribe(List.of(settings.topic()), new OnRebalance(kafka));
    }

    /** One poll: every partition's records handled, then their offsets committed at once. */
    void pollOnce(Consumer<String, String> kafka) {
        if (deliveries.held()) {
            holdBack(kafka, kafka.poll(Duration.ofMillis(500)));
            return;
        }
        if (held) {
            held = false;
            kafka.resume(kafka.assignment().stream()
                    .filter(p -> !pausedUntil.containsKey(p))
                    .toList());
        }
        resumeDue(kafka);
        ConsumerRecords<String, String> records = kafka.poll(Duration.ofMillis(500));
        if (deliveries.held()) {
            holdBack(kafka, records); // held while this poll waited: its records wait for the release too
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> done = deliveredTogether(kafka, records);
        if (done == null) {
            done = new HashMap<>();
            for (TopicPartition partition : records.partitions()) {
                Long next = handle(kafka, partition, records.records(partition));
                if (next != null) {
                    done.put(partition, new OffsetAndMetadata(next));
                }
            }
        }
        if (!done.isEmpty()) {
            if (deliveries.crashBeforeOffsetCommit()) {
                throw new SimulatedCrash();
            }
            commit(kafka, done);
        }
        if (records.isEmpty()) {
            commitPastMarkers(kafka);
        }
        for (TopicPartition partition : kafka.assignment()) {
            kafka.currentLag(partition).ifPresent(lag -> deliveries.lag(partition.partition(), lag));
        }
    }

    /**
     * Test fault: the loop stays in its group with every partition paused, and records a poll returned anyway (it
     * began before the hold, or a partition was assigned during it) are sought back to, for after the release.
     */
    private void holdBack(Consumer<String, String> kafka, ConsumerRecords<String, String> records) {
        held = true;
        for (TopicPartition partition : records.partitions()) {
            kafka.seek(partition, records.records(partition).get(0).offset());
        }
        kafka.pause(kafka.assignment());
    }

    /**
     * Bounded: with Kafka's default a commit waits up to a minute for a coordinator that is gone, and its loop holds
     * its partitions meanwhile, then dies and makes its group rebalance just as the broker is back. An offset left
     * uncommitted costs only a redelivery, which the dedup table drops (G3), and the loop's next commit covers it.
     */
    private void commit(Consumer<String, String> kafka, Map<TopicPartition, OffsetAndMetadata> offsets) {
        try {
            kafka.commitSync(offsets, COMMIT_TIMEOUT);
        } catch (TimeoutException e) {
            LOG.fine(() -> "Consumer " + clientId + ": offset commit timed out; the next one covers it");
            return;
        }
        offsets.forEach((partition, offset) -> committed.put(partition, offset.offset()));
    }

    /**
     * The outbox writes in Kafka transactions, so a partition's last record is followed by a commit marker: a group
     * that has delivered everything still stands one offset short of the end, and its lag reads 1 until the next
     * record. An idle poll moves the position past such markers, never past a record not done with (one to be tried
     * again is sought back to), so committing the position makes the group's lag the records truly left. The commit
     * is asynchronous: it is worth nothing but the figure, so it must never hold the loop (a synchronous commit waits
     * up to a minute for a broker that is gone); Kafka sends commits in order and a later synchronous one waits for
     * it, so it never overtakes a delivery's. Each position is tried once: a commit that fails (a broker outage)
     * is not queued again at every idle poll, and the lag reads 1 until the next record is committed.
     */
    private void commitPastMarkers(Consumer<String, String> kafka) {
        Map<TopicPartition, OffsetAndMetadata> advanced = new HashMap<>();
        for (TopicPartition partition : kafka.assignment()) {
            Long last = committed.get(partition);
            long position;
            try {
                position = kafka.position(partition, Duration.ZERO);
            } catch (TimeoutException e) {
                continue; // not known yet (just assigned): the next idle poll
            }
            if (!pausedUntil.containsKey(partition) && (last == null || position > last)) {
                advanced.put(partition, new OffsetAndMetadata(position));
            }
        }
        if (!advanced.isEmpty()) {
            advanced.forEach((partition, offset) -> committed.put(partition, offset.offset()));
            kafka.commitAsync(advanced, null);
        }
    }

    /**
     * A poll's records of several partitions, none of them waiting for a retry, delivered in one transaction: a
     * transaction costs about as many statements for one record as for fifty. Should it fail by the records' own
     * fault, the partitions go one by one ({@link #handle}), each with its own retries; by the surroundings', each
     * partition waits for its next try, and that try goes partition by partition.
     *
     * @return the offsets after each partition's last record (none when they wait), or null when the partitions are
     *     to go one by one
     */
    private Map<TopicPartition, OffsetAndMetadata> deliveredTogether(
            Consumer<String, String> kafka, ConsumerRecords<String, String> records) {
        Set<TopicPartition> partitions = records.partitions();
        if (partitions.size() < 2 || partitions.stream().anyMatch(retries::containsKey)) {
            return null;
        }
        List<ConsumerRecord<String, String>> all = new ArrayList<>(records.count());
        partitions.forEach(partition -> all.addAll(records.records(partition)));
        try {
            deliveries.deliverAll(all.stream().map(PolledRecord::inboxRecordOf).toList());
        } catch (RuntimeException e) {
            DeliveryFailure failure = DeliveryFailure.of(e);
            if (failure.ownFault()) {
                LOG.fine(() -> "Delivering " + all.size() + " records of " + partitions.size()
                        + " partitions at once failed (" + failure.cause() + "); partition by partition now");
                return null;
            }
            // The surroundings' fault would fail each partition's try as well: every one waits for its next.
            partitions.forEach(partition -> batchLater(kafka, partition, records.records(partition), failure));
            return Map.of();
        }
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        partitions.forEach(partition -> {
            List<ConsumerRecord<String, String>> polled = records.records(partition);
            done.put(
                    partition,
                    new OffsetAndMetadata(polled.get(polled.size() - 1).offset() + 1));
        });
        return done;
    }

    /** @return the offset after the last record done with (delivered, a duplicate, or parked), or null if none */
    private Long handle(
            Consumer<String, String> kafka, TopicPartition partition, List<ConsumerRecord<String, String>> records) {
        Retry retry = retries.get(partition);
        if (retry == null || !retry.alone()) {
            try {
                deliveries.deliverAll(
                        records.stream().map(PolledRecord::inboxRecordOf).toList());
                retries.remove(partition);
                return records.get(records.size() - 1).offset() + 1;
            } catch (RuntimeException e) {
                DeliveryFailure failure = DeliveryFailure.of(e);
                if (!failure.ownFault()) {
                    batchLater(kafka, partition, records, failure);
                    return null;
                }
                LOG.fine(() -> "Delivering " + records.size() + " records of " + partition + " at once failed ("
                        + failure.cause() + "); one by one now");
            }
        }
        Long next = null;
        for (ConsumerRecord<String, String> record : records) {
            if (!handleOne(kafka, partition, record)) {
                break; // the partition waits for this record's next try; later records come again after it
            }
            next = record.offset() + 1;
        }
        return next;
    }

    /** @return true when the record is done with; false when it is to be tried again later */
    private boolean handleOne(
            Consumer<String, String> kafka, TopicPartition partition, ConsumerRecord<String, String> record) {
        try {
            deliveries.deliver(PolledRecord.inboxRecordOf(record));
            retries.remove(partition);
            return true;
        } catch (RuntimeException e) {
            DeliveryFailure failure = DeliveryFailure.of(e);
            Attempts now = failed(partition, record, failure, true).attempts();
            if (settings.retryPolicy().parks(now) && park(record, failure.cause(), now)) {
                retries.remove(partition);
                return true;
            }
            retryLater(kafka, partition, record, now);
            return false;
        }
    }

    /** One more failed try of the record, counted when it was the record's own fault. */
    private Retry failed(
            TopicPartition partition, ConsumerRecord<String, String> record, DeliveryFailure failure, boolean alone) {
        Retry previous = retries.get(partition);
        Attempts before =
                previous != null && previous.offset() == record.offset() ? previous.attempts() : Attempts.NONE;
        Retry now = new Retry(record.offset(), before.failed(failure.ownFault()), alone);
        retries.put(partition, now);
        LOG.fine(() -> "Delivery of " + partition + "@" + record.offset() + " failed (try "
                + now.attempts().tries() + "): " + failure.cause());
        return now;
    }

    /** The partition's batch failed by the surroundings' fault: tried again whole after its wait, counted nothing. */
    private void batchLater(
            Consumer<String, String> kafka,
            TopicPartition partition,
            List<ConsumerRecord<String, String>> records,
            DeliveryFailure failure) {
        ConsumerRecord<String, String> first = records.get(0);
        retryLater(
                kafka,
                partition,
                first,
                failed(partition, first, failure, false).attempts());
    }

    /** Has the partition wait, from the record on, for its next try: only this partition, not the thread. */
    private void retryLater(
            Consumer<String, String> kafka,
            TopicPartition partition,
            ConsumerRecord<String, String> record,
            Attempts attempts) {
        kafka.seek(partition, record.offset());
        kafka.pause(Set.of(partition));
        pausedUntil.put(partition, clock.instant().plus(settings.retryPolicy().waitAfter(attempts.tries())));
    }

    private boolean park(ConsumerRecord<String, String> record, Throwable cause, Attempts attempts) {
        try {
            deliveries.park(PolledRecord.of(record), cause, attempts.counted());
            LOG.warning(() -> "Parked " + record.topic() + "-" + record.partition() + "@" + record.offset()
                    + " as a dead letter after " + attempts.counted() + " attempts: " + cause);
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not park a dead letter; the record is tried again", e);
            return false;
        }
    }

    private void resumeDue(Consumer<String, String> kafka) {
        if (pausedUntil.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        pausedUntil.entrySet().removeIf(entry -> {
            if (entry.getValue().isAfter(now)) {
                return false;
            }
            if (kafka.assignment().contains(entry.getKey())) {
                kafka.resume(Set.of(entry.getKey()));
            }
            return true;
        });
    }

    // Waits on the monitor, not in a sleep: shutdown() can cut the pause short by clearing running.
    private synchronized void pauseBeforeRestart() {
        try {
            wait(RESTART_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /**
     * A revoked partition's retry state and lag belong to its next owner, who starts from the committed offset; an
     * assignment is a rebalance of the group, counted by its generation.
     */
    private final class OnRebalance implements ConsumerRebalanceListener {

        private final Consumer<String, String> kafka;

        OnRebalance(Consumer<String, String> kafka) {
            this.kafka = kafka;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            partitions.forEach(p -> {
                retries.remove(p);
                pausedUntil.remove(p);
                committed.remove(p);
                deliveries.lag(p.partition(), 0); // its next owner reports it; a stale value would count twice
            });
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            deliveries.rebalanced(kafka.groupMetadata().generationId());
        }
    }
}

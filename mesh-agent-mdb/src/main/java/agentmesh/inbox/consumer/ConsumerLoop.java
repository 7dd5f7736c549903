package agentmesh.inbox.consumer;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.DeliveryFaults;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.platform.Failures;
import jakarta.ejb.EJBException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One consumer thread. Records of a partition are handled one at a time, in order, each delivery in its own
 * transaction; the partition's offset is committed after the batch's deliveries have committed, never before.
 * A failing record pauses only its partition while it waits for its next try.
 */
final class ConsumerLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(ConsumerLoop.class.getName());
    private static final Duration RESTART_PAUSE = Duration.ofSeconds(1);

    private final String clientId;
    private final ConsumerSettings settings;
    private final InboxDelivery delivery;
    private final DeadLetters deadLetters;
    private final InboxMetrics metrics;
    private final DeliveryFaults faults;

    private final Map<TopicPartition, Attempts> attempts = new HashMap<>();
    private final Map<TopicPartition, Instant> pausedUntil = new HashMap<>();
    private volatile boolean running = true;
    private volatile KafkaConsumer<String, String> consumer;

    ConsumerLoop(String clientId, ConsumerSettings settings, InboxDelivery delivery, DeadLetters deadLetters,
                 InboxMetrics metrics, DeliveryFaults faults) {
        this.clientId = clientId;
        this.settings = settings;
        this.delivery = delivery;
        this.deadLetters = deadLetters;
        this.metrics = metrics;
        this.faults = faults;
    }

    /** Failed tries of the record at {@code offset}; {@code counted} excludes failures of the surroundings. */
    private record Attempts(long offset, int tries, int counted) {
    }

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
        KafkaConsumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    private void consume() {
        KafkaConsumer<String, String> kafka = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap(),
                ConsumerConfig.GROUP_ID_CONFIG, settings.group(),
                ConsumerConfig.CLIENT_ID_CONFIG, clientId,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, settings.sessionTimeoutMillis(),
                ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, settings.sessionTimeoutMillis() / 3),
                new StringDeserializer(), new StringDeserializer());
        consumer = kafka;
        try {
            kafka.subscribe(List.of(settings.topic()), new ForgetRevoked());
            while (running) {
                resumeDue(kafka);
                ConsumerRecords<String, String> records = kafka.poll(Duration.ofMillis(500));
                for (TopicPartition partition : records.partitions()) {
                    handleBatch(kafka, partition, records.records(partition));
                }
                reportLag(kafka);
            }
        } finally {
            consumer = null;
            Thread.interrupted(); // a pending interrupt would make close() skip leaving the group
            kafka.close(Duration.ofSeconds(5));
        }
    }

    private void handleBatch(KafkaConsumer<String, String> kafka, TopicPartition partition,
                             List<ConsumerRecord<String, String>> records) {
        Long next = null;
        for (ConsumerRecord<String, String> record : records) {
            if (!handle(kafka, partition, record)) {
                break; // the partition waits for this record's next try; later records come again after it
            }
            next = record.offset() + 1;
        }
        if (next != null) {
            if (faults.takeCrash()) {
                throw new SimulatedCrash();
            }
            kafka.commitSync(Map.of(partition, new OffsetAndMetadata(next)));
        }
    }

    /** @return true when the record is done with (delivered, a duplicate, or parked); false to try it again later */
    private boolean handle(KafkaConsumer<String, String> kafka, TopicPartition partition,
                           ConsumerRecord<String, String> record) {
        try {
            delivery.deliver(record.key(), record.value());
            attempts.remove(partition);
            return true;
        } catch (RuntimeException e) {
            Throwable cause = e instanceof EJBException && e.getCause() != null ? e.getCause() : e;
            Attempts previous = attempts.get(partition);
            boolean same = previous != null && previous.offset() == record.offset();
            Attempts now = new Attempts(record.offset(), same ? previous.tries() + 1 : 1,
                    (same ? previous.counted() : 0) + (Failures.isTransient(cause) ? 0 : 1));
            attempts.put(partition, now);
            if (now.counted() >= settings.maxAttempts() && park(record, cause, now)) {
                attempts.remove(partition);
                return true;
            }
            LOG.fine(() -> "Delivery of " + partition + "@" + record.offset() + " failed (try " + now.tries() + "): "
                    + cause);
            kafka.seek(partition, record.offset());
            kafka.pause(Set.of(partition));
            pausedUntil.put(partition, Instant.now().plus(settings.backoff(now.tries())));
            return false;
        }
    }

    private boolean park(ConsumerRecord<String, String> record, Throwable cause, Attempts attempt) {
        try {
            deadLetters.park(record.topic(), record.partition(), record.offset(), record.key(),
                    record.value() == null ? "" : record.value(), String.valueOf(cause), attempt.counted());
            LOG.warning(() -> "Parked " + record.topic() + "-" + record.partition() + "@" + record.offset()
                    + " as a dead letter after " + attempt.counted() + " attempts: " + cause);
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not park a dead letter; the record is tried again", e);
            return false;
        }
    }

    private void resumeDue(KafkaConsumer<String, String> kafka) {
        if (pausedUntil.isEmpty()) {
            return;
        }
        Instant now = Instant.now();
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

    private void reportLag(KafkaConsumer<String, String> kafka) {
        for (TopicPartition partition : kafka.assignment()) {
            kafka.currentLag(partition).ifPresent(lag -> metrics.lag(partition.partition(), lag));
        }
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

    /** A revoked partition's retry state belongs to its next owner, who starts from the committed offset. */
    private final class ForgetRevoked implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            partitions.forEach(p -> {
                attempts.remove(p);
                pausedUntil.remove(p);
            });
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        }
    }
}

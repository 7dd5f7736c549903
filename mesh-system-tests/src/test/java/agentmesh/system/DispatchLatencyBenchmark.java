package agentmesh.system;

import agentmesh.system.MeshClient.Agent;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * On demand ({@code ./mesh bench}), never in CI: latency from the commit of a send to Kafka's acknowledgement of
 * its event, and to its delivery into the inbox, at a steady rate (default 200 events/s from 20 senders to 20
 * recipients for 30 s, {@code -Dbench.rate}, {@code -Dbench.seconds}); and the highest rate sustained.
 * Measured per event on the server's clock as {@code sent_at − created_at} of its outbox row (created just before
 * the commit, sent just after the ack). Baseline in the same run: a plain synchronous acks=all produce from this
 * JVM to the same broker at the same rate — the floor no dispatcher can beat.
 */
@ExtendWith(MeshStackExtension.class)
class DispatchLatencyBenchmark {

    private static final int PAIRS = 20;

    private final int rate = Integer.getInteger("bench.rate", 200);
    private final int seconds = Integer.getInteger("bench.seconds", 30);

    @Test
    void commitToKafkaAckLatency() throws Exception {
        List<Long> baseline = rawProduceMicros();
        MeshClient mesh = MeshClient.forStack();
        List<Agent[]> pairs = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            Agent sender = mesh.registerAgent("bench-sender" + i);
            Agent recipient = mesh.registerAgent("bench-recipient" + i);
            mesh.allow(sender, recipient);
            pairs.add(new Agent[] {sender, recipient});
        }
        ConcurrentLinkedQueue<String> tasks = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Long> httpMicros = new ConcurrentLinkedQueue<>();
        paced(rate, seconds, i -> {
            Agent[] pair = pairs.get(i % PAIRS);
            long start = System.nanoTime();
            tasks.add(mesh.send(pair[0], MeshClient.textMessage(null, pair[1], null, "bench " + i))
                    .getString("taskId"));
            httpMicros.add((System.nanoTime() - start) / 1_000);
        });
        String taskList = tasks.stream().map(t -> "'" + t + "'").collect(Collectors.joining(","));
        await().atMost(Duration.ofMinutes(2)).until(() -> MeshDatabase.count(
                "SELECT COUNT(*) FROM outbox_event WHERE status <> 'SENT' AND task_id IN (" + taskList + ")") == 0);
        List<Long> dispatch = MeshDatabase.query("SELECT TIMESTAMPDIFF(MICROSECOND, created_at, sent_at)"
                        + " FROM outbox_event WHERE task_id IN (" + taskList + ")").stream()
                .map(row -> ((Number) row.get(0)).longValue()).collect(Collectors.toList());
        assertEquals(tasks.size(), dispatch.size());
        String deliveredToAll = "SELECT TIMESTAMPDIFF(MICROSECOND, m.created_at, i.delivered_at) FROM task_message m"
                + " JOIN inbox_event i ON i.agent_id = m.recipient AND i.event_id = m.message_id"
                + " WHERE m.task_id IN (" + taskList + ")";
        await().atMost(Duration.ofMinutes(2)).until(() -> MeshDatabase.query(deliveredToAll).size() == tasks.size());
        List<Long> endToEnd = MeshDatabase.query(deliveredToAll).stream()
                .map(row -> ((Number) row.get(0)).longValue()).collect(Collectors.toList());

        System.out.printf("%nCommit → Kafka ack, %d events at %d/s (%d s)%n", dispatch.size(), rate, seconds);
        System.out.println(row("measure", "p50 ms", "p99 ms", "max ms"));
        System.out.println(row("raw produce (baseline)", baseline));
        System.out.println(row("mesh dispatch", dispatch));
        System.out.println(row("send → inbox (e2e)", endToEnd));
        System.out.println(row("HTTP send (for scale)", new ArrayList<>(httpMicros)));
        System.out.printf("p99 ratio mesh / baseline: %.1f%n%n",
                (double) percentile(dispatch, 99) / Math.max(1, percentile(baseline, 99)));
    }

    /**
     * The highest rate the whole path sustains: steps of {@code -Dbench.ramp} messages/s (default 200,400,800) for
     * {@code -Dbench.rampSeconds} (default 60) each; a step is sustained when, five seconds after its load ends,
     * everything it sent is in the inboxes (no backlog left growing).
     */
    @Test
    void sustainedRate() throws Exception {
        MeshClient mesh = MeshClient.forStack();
        List<Agent[]> pairs = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            Agent sender = mesh.registerAgent("ramp-sender" + i);
            Agent recipient = mesh.registerAgent("ramp-recipient" + i);
            mesh.allow(sender, recipient);
            pairs.add(new Agent[] {sender, recipient});
        }
        int stepSeconds = Integer.getInteger("bench.rampSeconds", 60);
        System.out.printf("%nSustained rate, %d s per step (sent → delivered 5 s after the step)%n", stepSeconds);
        for (String step : System.getProperty("bench.ramp", "200,400,800").split(",")) {
            int stepRate = Integer.parseInt(step.trim());
            Object stepStart = MeshDatabase.query("SELECT UTC_TIMESTAMP(6)").get(0).get(0).toString();
            java.util.concurrent.atomic.AtomicInteger sent = new java.util.concurrent.atomic.AtomicInteger();
            long start = System.nanoTime();
            paced(stepRate, stepSeconds, i -> {
                Agent[] pair = pairs.get(i % PAIRS);
                mesh.send(pair[0], MeshClient.textMessage(null, pair[1], null, "ramp " + i));
                sent.incrementAndGet();
            });
            double achieved = sent.get() / ((System.nanoTime() - start) / 1e9);
            String recipients = pairs.stream().map(p -> "'" + p[1].id() + "'").collect(Collectors.joining(","));
            String undelivered = "SELECT COUNT(*) FROM task_message m WHERE m.recipient IN (" + recipients + ")"
                    + " AND m.created_at >= '" + stepStart + "' AND NOT EXISTS (SELECT 1 FROM inbox_event i"
                    + " WHERE i.agent_id = m.recipient AND i.event_id = m.message_id)";
            boolean sustained;
            try {
                await().atMost(Duration.ofSeconds(5)).until(() -> MeshDatabase.count(undelivered) == 0);
                sustained = true;
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                sustained = false;
                await().atMost(Duration.ofMinutes(5)).until(() -> MeshDatabase.count(undelivered) == 0);
            }
            System.out.printf("target %5d/s  sent %7.1f/s  %s%n", stepRate, achieved,
                    sustained ? "sustained" : "backlog left after 5 s");
        }
    }

    private List<Long> rawProduceMicros() throws Exception {
        List<Long> micros = Collections.synchronizedList(new ArrayList<>());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, MeshStackExtension.stack().config().effectiveKafkaBootstrap(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 0), new StringSerializer(), new StringSerializer())) {
            paced(rate, Math.min(seconds, 10), i -> {
                long start = System.nanoTime();
                try {
                    producer.send(new ProducerRecord<>("bench.baseline", "k" + (i % PAIRS), "{\"bench\":" + i + "}"))
                            .get();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                micros.add((System.nanoTime() - start) / 1_000);
            });
        }
        return micros;
    }

    interface Step {
        void run(int i);
    }

    /** Runs {@code perSecond × seconds} steps at a fixed rate on a small pool; returns when all have finished. */
    private static void paced(int perSecond, int seconds, Step step) throws InterruptedException {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(PAIRS);
        long periodMicros = 1_000_000L / perSecond;
        int total = perSecond * seconds;
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(total);
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        pool.scheduleAtFixedRate(() -> {
            int i = next.getAndIncrement();
            if (i < total) {
                pool.execute(() -> {
                    try {
                        step.run(i);
                    } finally {
                        done.countDown();
                    }
                });
            }
        }, 0, periodMicros, TimeUnit.MICROSECONDS);
        done.await(seconds + 120L, TimeUnit.SECONDS);
        pool.shutdownNow();
    }

    private static long percentile(List<Long> values, int p) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static String row(String name, List<Long> micros) {
        return row(name, ms(percentile(micros, 50)), ms(percentile(micros, 99)), ms(Collections.max(micros)));
    }

    private static String ms(long micros) {
        return String.format("%.2f", micros / 1000.0);
    }

    private static String row(String name, String p50, String p99, String max) {
        return String.format("%-24s %10s %10s %10s", name, p50, p99, max);
    }
}

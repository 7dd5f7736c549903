package agentmesh.system.bench;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.stack.KafkaBroker;
import agentmesh.stack.MeshServer;
import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshDatabase;
import agentmesh.system.MeshMetrics;
import agentmesh.system.MeshStackExtension;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mesh bench}, never in CI: how fast the mesh drains a backlog, and whether a dispatch round costs more on a
 * full table. On a stack of its own, with the server's defaults:
 * <ol>
 *   <li><em>Round time, small table</em>: {@code agent_mesh_outbox_round_seconds} (the server's last 1,000 rounds)
 *       and commit → Kafka ack of the rows sent, under 200 sends/s.</li>
 *   <li><em>The dispatcher alone</em>: with the consumer held (a test fault switch) and the broker stopped,
 *       {@code bench.drain.events} events (50,000) for 100 recipients are put in the outbox; the broker is started,
 *       and the report gives the time until all are published and the dispatcher's rate (first to last by the
 *       rows' times, so that start-up is not counted); then the consumer is released, and its rate on that
 *       backlog.</li>
 *   <li><em>Backlog after an outage</em>: the same, the consumer running: the time until all are published and all
 *       delivered, and both rates.</li>
 *   <li><em>The consumer alone</em>: as many records produced straight to the topic; its delivery rate. Then the
 *       same again with the consumer held while they are produced, and one of its threads crashing at its first
 *       offset commit after the release: how long the group's rebalance holds the backlog up.</li>
 *   <li><em>Round time, full table</em>: 1,000,000 sent rows and 50,000 pending behind a head in backoff added;
 *       the same load; the same figures again.</li>
 *   <li><em>An outage under load</em>: the broker stopped for 60 s under 200 sends/s; the time from its return
 *       until the first event is published and until every event accepted before is delivered.</li>
 * </ol>
 * Prints the report and keeps it in {@code target/drain-report.md}.
 */
class DrainBenchmark {

    private static final Logger LOG = Logger.getLogger(DrainBenchmark.class.getName());
    private static final String TOPIC = "inbox.events";
    private static final int RECIPIENTS = 100;
    private static final int LOAD_RATE = 200;
    private static final Duration LOAD = Duration.ofSeconds(30);
    private static final Duration OUTAGE = Duration.ofSeconds(60);

    @Test
    void backlogsAndRoundTimes() throws Exception {
        int events = Integer.getInteger("bench.drain.events", 50_000);
        StackConfig config = StackConfig.builder(Path.of("target", "bench-stack"))
                .with("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN)
                .with("MESH_STACK_FRESH", "true")
                .with("MESH_TEST_FAULTS", "true") // to hold the consumer while the dispatcher is measured alone
                .build();
        StringBuilder report = new StringBuilder("## Drain benchmark\n\n");
        try (MeshStack stack = new MeshStack(config).start()) {
            URI base = config.baseUri();
            MeshClient mesh = new MeshClient(base);
            BenchAgents loadAgents = BenchAgents.register(mesh, 10);
            try (OpenLoopSender load = new OpenLoopSender(base, loadAgents, 0.1, 256)) {
                String template = template(mesh, config);

                double[] smallTable = underLoad(load, stack.server(), config, 1);
                report.append("| measure | figure |\n|---|---|\n");
                loadRows(report, "small table", smallTable);

                KafkaBroker broker = stack.kafka().orElseThrow();
                assertEquals(
                        204,
                        mesh.put("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                                .status());
                long brokerBack = backlog(broker, config, template, "ev-alone-", events);
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> count(config, "SELECT COUNT(*) FROM outbox_event WHERE status = 'PENDING'") == 0);
                double published = seconds(brokerBack);
                long deliveredWhileHeld = delivered(config, "ev-alone-");
                assertEquals(
                        204,
                        mesh.delete("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                                .status());
                long released = System.nanoTime();
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> delivered(config, "ev-alone-") == events);
                report.append(row(
                        events + " events for " + RECIPIENTS + " recipients after a broker outage, the"
                                + " consumer held"
                                + (deliveredWhileHeld > 0
                                        ? " (yet " + deliveredWhileHeld + " delivered: it" + " does not hold)"
                                        : "")
                                + ": broker started → all published",
                        String.format("%.1f s", published)));
                report.append(row(
                        "dispatcher alone (first to last sent)",
                        String.format("%,.0f events/s", events / sentSpan(config, "ev-alone-"))));
                report.append(row(
                        "then the consumer alone on that backlog: released → all delivered",
                        String.format(
                                "%.1f s, %,.0f events/s first to last",
                                seconds(released), events / deliveredSpan(config, "ev-alone-"))));

                brokerBack = backlog(broker, config, template, "ev-drain-", events);
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> count(config, "SELECT COUNT(*) FROM outbox_event WHERE status = 'PENDING'") == 0);
                published = seconds(brokerBack);
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> delivered(config, "ev-drain-") == events);
                double delivered = seconds(brokerBack);
                report.append(row(
                        "the same with the consumer running: broker started → all published",
                        String.format("%.1f s", published)));
                report.append(row("… → all delivered", String.format("%.1f s", delivered)));
                report.append(row(
                        "dispatcher rate (first to last sent, consumer running too)",
                        String.format("%,.0f events/s", events / sentSpan(config, "ev-drain-"))));
                report.append(row(
                        "consumer rate (first to last delivered, dispatcher running too)",
                        String.format("%,.0f events/s", events / deliveredSpan(config, "ev-drain-"))));

                long produced = produceDirectly(config, template, "ev-direct-", events);
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> delivered(config, "ev-direct-") == events);
                double consumerAlone = events / deliveredSpan(config, "ev-direct-");
                report.append(row(
                        "consumer alone: " + events + " records produced straight to the topic (in "
                                + String.format("%.1f s", produced / 1e9) + ")",
                        String.format("%,.0f events/s", consumerAlone)));

                assertEquals(
                        204,
                        mesh.put("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                                .status());
                produceDirectly(config, template, "ev-crash-", events);
                assertEquals(
                        204,
                        mesh.post("admin/test-faults/consumer-crash", MeshStackExtension.ADMIN_TOKEN, "")
                                .status());
                assertEquals(
                        204,
                        mesh.delete("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                                .status());
                released = System.nanoTime();
                await().atMost(Duration.ofMinutes(10))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> delivered(config, "ev-crash-") == events);
                report.append(row(
                        "the same backlog on the topic, one consumer thread crashing at its first offset"
                                + " commit (its group rebalances): released → all delivered",
                        String.format(
                                "%.1f s, %,.0f events/s first to last",
                                seconds(released), events / deliveredSpan(config, "ev-crash-"))));

                LOG.info("Seeding 1,000,000 sent rows and 50,000 blocked ones");
                MeshDatabase.update(
                        config,
                        "INSERT INTO outbox_event (event_key, event_type, payload, status, attempts,"
                                + " next_attempt_at, created_at, sent_at) SELECT " + recipientOf("seq")
                                + ", 'message', '{}',"
                                + " 'SENT', 0, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6), UTC_TIMESTAMP(6) FROM seq_1_to_1000000");
                MeshDatabase.update(
                        config,
                        "INSERT INTO outbox_event (event_key, event_type, payload, status, attempts,"
                                + " next_attempt_at, created_at) SELECT 'blocked@bench', 'message', '{}', 'PENDING',"
                                + " IF(seq = 1, 3, 0), UTC_TIMESTAMP(6) + INTERVAL 1 DAY, UTC_TIMESTAMP(6) FROM seq_1_to_50000");
                double[] fullTable = underLoad(load, stack.server(), config, 2);
                loadRows(report, "1,000,000 sent + 50,000 blocked rows", fullTable);
                report.append(row(
                        "ratio full / small: round p50, commit → ack p99",
                        String.format("%.2f, %.2f", fullTable[0] / smallTable[0], fullTable[3] / smallTable[3])));

                double[] outage = outageUnderLoad(load, broker, config);
                report.append(row(
                        "a " + OUTAGE.toSeconds() + " s broker outage under " + LOAD_RATE + " sends/s: broker"
                                + " ready again → the first event published, → every event accepted before delivered",
                        String.format("%.1f s, %.1f s", outage[0], outage[1])));
            }
        }
        String text = report.append('\n').toString();
        System.out.println(text);
        Files.writeString(Path.of("target", "drain-report.md"), text);
    }

    // A message event as the mesh writes it, with a marker where each seeded copy puts its own event id and recipient.
    private static String template(MeshClient mesh, StackConfig config) {
        String sender = register(mesh, "drain-sender@bench");
        for (int i = 0; i < RECIPIENTS; i++) {
            register(mesh, String.format("drain-%03d@bench", i));
        }
        assertEquals(
                204,
                mesh.post(
                                "admin/agents/drain-sender@bench/contacts/drain-000@bench",
                                MeshStackExtension.ADMIN_TOKEN,
                                "")
                        .status());
        String messageId = mesh.send(
                        new MeshClient.Agent("drain-sender@bench", sender),
                        "{\"to\":\"drain-000@bench\",\"parts\":[{\"kind\":\"text\",\"text\":\"a backlog message of a few"
                                + " words, like an agent's request\"}]}")
                .getString("messageId");
        String payload = (String) MeshDatabase.query(
                        config, "SELECT payload FROM outbox_event WHERE payload LIKE ?", "%" + messageId + "%")
                .get(0)
                .get(0);
        String eventId = payload.replaceAll(".*\"eventId\":\"(ev-[^\"]+)\".*", "$1");
        return payload.replace(eventId, "EVENT-ID")
                .replace("\"drain-000@bench\"", "\"RECIPIENT\"")
                .replace(messageId, "MESSAGE-ID");
    }

    private static String register(MeshClient mesh, String agentId) {
        return mesh.post("admin/agents", MeshStackExtension.ADMIN_TOKEN, "{\"agentId\":\"" + agentId + "\"}")
                .json()
                .getString("token");
    }

    private static String recipientOf(String seq) {
        return "CONCAT('drain-', LPAD(" + seq + " % " + RECIPIENTS + ", 3, '0'), '@bench')";
    }

    private static String payloadOf(String template, String prefix, String seq) {
        return "REPLACE(REPLACE(REPLACE(" + template + ", 'EVENT-ID', CONCAT(" + prefix + ", " + seq + ")),"
                + " 'RECIPIENT', " + recipientOf(seq) + "), 'MESSAGE-ID', CONCAT('m-', " + prefix + ", " + seq + "))";
    }

    private static long produceDirectly(StackConfig config, String template, String prefix, int events)
            throws Exception {
        long start = System.nanoTime();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        config.effectiveKafkaBootstrap(),
                        ProducerConfig.LINGER_MS_CONFIG,
                        5),
                new StringSerializer(),
                new StringSerializer())) {
            for (int i = 1; i <= events; i++) {
                String recipient = String.format("drain-%03d@bench", i % RECIPIENTS);
                producer.send(new ProducerRecord<>(
                        TOPIC,
                        recipient,
                        template.replace("EVENT-ID", prefix + i)
                                .replace("RECIPIENT", recipient)
                                .replace("MESSAGE-ID", "m-" + prefix + i)));
            }
            producer.flush();
        }
        return System.nanoTime() - start;
    }

    /**
     * Rounds' p50 and p99 (the server's last 1,000), commit → Kafka ack p50 and p99 of the load's rows, and the
     * rounds' time in Kafka p50 and p99.
     */
    private static double[] underLoad(OpenLoopSender load, MeshServer server, StackConfig config, int step) {
        long firstId = count(config, "SELECT COALESCE(MAX(id), 0) FROM outbox_event");
        StepRecorder recorder = new StepRecorder(step, LOAD_RATE, (int) (LOAD_RATE * LOAD.toSeconds()));
        load.offer(recorder);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> count(
                                config,
                                "SELECT COUNT(*) FROM outbox_event" + " WHERE id > " + firstId
                                        + " AND status = 'PENDING'")
                        == 0);
        String metrics = MeshMetrics.scrape(server);
        List<Long> micros = MeshDatabase.query(
                        config,
                        "SELECT TIMESTAMPDIFF(MICROSECOND, created_at, sent_at)"
                                + " FROM outbox_event WHERE id > ? AND status = 'SENT' ORDER BY 1",
                        firstId)
                .stream()
                .map(row -> ((Number) row.get(0)).longValue())
                .toList();
        return new double[] {
            MeshMetrics.sum(metrics, "agent_mesh_outbox_round_seconds", "quantile=\"0.5\""),
            MeshMetrics.sum(metrics, "agent_mesh_outbox_round_seconds", "quantile=\"0.99\""),
            micros.get(micros.size() / 2) / 1e6,
            micros.get((int) (micros.size() * 0.99)) / 1e6,
            MeshMetrics.sum(metrics, "agent_mesh_outbox_publish_seconds", "quantile=\"0.5\""),
            MeshMetrics.sum(metrics, "agent_mesh_outbox_publish_seconds", "quantile=\"0.99\"")
        };
    }

    private static void loadRows(StringBuilder report, String table, double[] figures) {
        report.append(row(
                "dispatch round p50 / p99, " + table + ", " + LOAD_RATE + " sends/s",
                millis(figures[0]) + " / " + millis(figures[1])));
        report.append(row(
                "of which in Kafka (the round's transaction) p50 / p99, " + table,
                millis(figures[4]) + " / " + millis(figures[5])));
        report.append(row("commit → Kafka ack p50 / p99, " + table, millis(figures[2]) + " / " + millis(figures[3])));
    }

    /**
     * The load runs 10 s, the broker is stopped for the outage, and the load goes on 20 s after it is back.
     *
     * @return seconds from the broker ready again until the first event is published (by the database's clock) and
     *         until every event in the outbox then is delivered
     */
    private static double[] outageUnderLoad(OpenLoopSender load, KafkaBroker broker, StackConfig config)
            throws Exception {
        long before = 10;
        long seconds = before + OUTAGE.toSeconds() + 20;
        long firstId = count(config, "SELECT COALESCE(MAX(id), 0) FROM outbox_event");
        ScheduledExecutorService schedule = Executors.newSingleThreadScheduledExecutor();
        try {
            CompletableFuture<Void> sends = CompletableFuture.runAsync(
                    () -> load.offer(new StepRecorder(3, LOAD_RATE, (int) (LOAD_RATE * seconds))));
            schedule.schedule(broker::stop, before, TimeUnit.SECONDS);
            long back = schedule.schedule(
                            () -> {
                                broker.start();
                                return System.nanoTime();
                            },
                            before + OUTAGE.toSeconds(),
                            TimeUnit.SECONDS)
                    .get();
            Object backAt =
                    MeshDatabase.query(config, "SELECT UTC_TIMESTAMP(6)").get(0).get(0);
            String outageRows = "FROM outbox_event o WHERE o.id BETWEEN " + (firstId + 1) + " AND "
                    + count(config, "SELECT MAX(id) FROM outbox_event");
            await().atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> count(
                                    config,
                                    "SELECT COUNT(*) " + outageRows + " AND NOT EXISTS (SELECT 1 FROM inbox_dedup d"
                                            + " WHERE d.agent_id = o.event_key AND d.event_id = JSON_VALUE(o.payload, '$.eventId'))")
                            == 0);
            double delivered = seconds(back);
            double firstPublished = MeshDatabase.count(
                            config,
                            "SELECT TIMESTAMPDIFF(MICROSECOND, ?, MIN(o.sent_at)) " + outageRows
                                    + " AND o.sent_at >= ?",
                            backAt,
                            backAt)
                    / 1e6;
            sends.get(seconds + 60, TimeUnit.SECONDS);
            return new double[] {firstPublished, delivered};
        } finally {
            schedule.shutdownNow();
        }
    }

    /** Stops the broker, puts the backlog in the outbox, starts the broker: returns when it was started. */
    private static long backlog(KafkaBroker broker, StackConfig config, String template, String prefix, int events)
            throws Exception {
        broker.stop();
        MeshDatabase.update(
                config,
                "INSERT INTO outbox_event (event_key, event_type, task_id, payload, status,"
                        + " attempts, next_attempt_at, created_at) SELECT " + recipientOf("seq") + ", 'message', NULL, "
                        + payloadOf("?", "'" + prefix + "'", "seq")
                        + ", 'PENDING', 0, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6)"
                        + " FROM seq_1_to_" + events,
                template);
        long started = System.nanoTime();
        broker.start();
        return started;
    }

    private static long delivered(StackConfig config, String prefix) {
        return count(config, "SELECT COUNT(*) FROM inbox_event WHERE event_id LIKE '" + prefix + "%'");
    }

    private static double sentSpan(StackConfig config, String prefix) {
        return span(
                config,
                "SELECT TIMESTAMPDIFF(MICROSECOND, MIN(sent_at), MAX(sent_at)) FROM outbox_event"
                        + " WHERE payload LIKE '%\"" + prefix + "%'");
    }

    private static double deliveredSpan(StackConfig config, String prefix) {
        return span(
                config,
                "SELECT TIMESTAMPDIFF(MICROSECOND, MIN(delivered_at), MAX(delivered_at))"
                        + " FROM inbox_event WHERE event_id LIKE '" + prefix + "%'");
    }

    private static long count(StackConfig config, String sql) {
        return MeshDatabase.count(config, sql);
    }

    private static double span(StackConfig config, String microsQuery) {
        return Math.max(1, MeshDatabase.count(config, microsQuery)) / 1e6;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static String millis(double seconds) {
        return String.format("%.2f ms", seconds * 1000);
    }

    private static String row(String measure, String figure) {
        return "| " + measure + " | " + figure + " |\n";
    }
}

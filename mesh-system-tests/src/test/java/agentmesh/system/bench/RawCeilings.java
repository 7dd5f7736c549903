package agentmesh.system.bench;

import agentmesh.stack.StackConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What the parts under the mesh can do on this machine, measured in the same run so that the mesh's figures can be
 * read as ratios: a MariaDB transaction of two inserts (the shape of a send: message + outbox row) at 1, 4 and 16
 * threads; a plain Kafka produce as the mesh's producer is configured (acks=all, idempotent, linger 0), one at a
 * time and as fast as it goes; and an HTTP request through the mesh's own filters that touches no table
 * ({@code GET /me}).
 */
final class RawCeilings {

    private static final Duration EACH = Duration.ofSeconds(5);
    static final int HTTP_CONCURRENCY = 16;

    record Figures(
            Map<Integer, Double> dbTransactionsPerSecond,
            double kafkaAsyncPerSecond,
            Histogram kafkaSyncMicros,
            double httpPerSecond,
            Histogram httpMicros,
            long httpRefused) {}

    private RawCeilings() {}

    static Figures measure(StackConfig config, HttpClient http, URI base, BenchAgents agents) throws Exception {
        Map<Integer, Double> db = new java.util.TreeMap<>();
        for (int threads : new int[] {1, 4, 16}) {
            db.put(threads, twoInsertTransactions(config, threads));
        }
        Histogram kafkaSync = new ConcurrentHistogram(60_000_000L, 3);
        double kafkaAsync;
        try (KafkaProducer<String, String> producer = producer(config)) {
            produceOneAtATime(producer, kafkaSync);
            kafkaAsync = produceFlatOut(producer);
        }
        Histogram httpMicros = new ConcurrentHistogram(60_000_000L, 3);
        LongAdder refused = new LongAdder();
        double httpRate = requestsThroughFilters(http, base, agents, httpMicros, refused);
        return new Figures(db, kafkaAsync, kafkaSync, httpRate, httpMicros, refused.sum());
    }

    private static double twoInsertTransactions(StackConfig config, int threads) throws Exception {
        try (Connection c = connect(config);
                Statement sql = c.createStatement()) {
            sql.execute("CREATE TABLE IF NOT EXISTS bench_ceiling_message (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
                    + " k VARCHAR(128) NOT NULL, body TEXT NOT NULL, created_at DATETIME(6) NOT NULL)");
            sql.execute("CREATE TABLE IF NOT EXISTS bench_ceiling_outbox (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
                    + " k VARCHAR(128) NOT NULL, payload TEXT NOT NULL, created_at DATETIME(6) NOT NULL)");
        }
        LongAdder done = new LongAdder();
        long end = System.nanoTime() + EACH.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(pool.submit(() -> {
                try (Connection c = connect(config);
                        PreparedStatement message = c.prepareStatement("INSERT INTO bench_ceiling_message"
                                + " (k, body, created_at) VALUES (?, ?, UTC_TIMESTAMP(6))");
                        PreparedStatement outbox = c.prepareStatement("INSERT INTO bench_ceiling_outbox"
                                + " (k, payload, created_at) VALUES (?, ?, UTC_TIMESTAMP(6))")) {
                    c.setAutoCommit(false);
                    while (System.nanoTime() < end) {
                        message.setString(1, "agent");
                        message.setString(2, "a message of a few words, like an agent's request");
                        message.executeUpdate();
                        outbox.setString(1, "agent");
                        outbox.setString(2, "{\"type\":\"message\",\"parts\":[{\"kind\":\"text\"}]}");
                        outbox.executeUpdate();
                        c.commit();
                        done.increment();
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        pool.shutdown();
        try (Connection c = connect(config);
                Statement sql = c.createStatement()) {
            sql.execute("DROP TABLE bench_ceiling_message");
            sql.execute("DROP TABLE bench_ceiling_outbox");
        }
        return done.sum() / (double) EACH.toSeconds();
    }

    private static Connection connect(StackConfig config) throws SQLException {
        return DriverManager.getConnection(config.database().applicationUrl(), config.dbUser(), config.dbPassword());
    }

    private static KafkaProducer<String, String> producer(StackConfig config) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        config.effectiveKafkaBootstrap(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                new StringSerializer(),
                new StringSerializer());
    }

    private static void produceOneAtATime(KafkaProducer<String, String> producer, Histogram micros) throws Exception {
        String value = "x".repeat(300);
        long end = System.nanoTime() + EACH.toNanos();
        long next = System.nanoTime();
        for (int i = 0; System.nanoTime() < end; i++) {
            long start = System.nanoTime();
            producer.send(new ProducerRecord<>("bench.ceiling", "agent" + (i % 100), value))
                    .get();
            micros.recordValue((System.nanoTime() - start) / 1_000);
            next += 5_000_000L; // 200 a second, the rate the dispatcher's latency target is set at
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    private static double produceFlatOut(KafkaProducer<String, String> producer) {
        String value = "x".repeat(300);
        AtomicLong acked = new AtomicLong();
        long start = System.nanoTime();
        long end = start + EACH.toNanos();
        for (int i = 0; System.nanoTime() < end; i++) {
            producer.send(new ProducerRecord<>("bench.ceiling", "agent" + (i % 100), value), (meta, failure) -> {
                if (failure == null) {
                    acked.incrementAndGet();
                }
            });
        }
        producer.flush();
        return acked.get() / ((System.nanoTime() - start) / 1e9);
    }

    /** Closed loop: {@link #HTTP_CONCURRENCY} requests in flight, each agent's token in turn (its rate limit). */
    private static double requestsThroughFilters(
            HttpClient http, URI base, BenchAgents agents, Histogram micros, LongAdder refused) throws Exception {
        URI me = base.resolve("me");
        LongAdder done = new LongAdder();
        long end = System.nanoTime() + EACH.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(HTTP_CONCURRENCY);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < HTTP_CONCURRENCY; t++) {
            int first = t;
            workers.add(pool.submit(() -> {
                for (int i = first; System.nanoTime() < end; i += HTTP_CONCURRENCY) {
                    HttpRequest request = HttpRequest.newBuilder(me)
                            .timeout(Duration.ofSeconds(10))
                            .header(
                                    "Authorization",
                                    "Bearer " + agents.get(i).agent().token())
                            .GET()
                            .build();
                    long start = System.nanoTime();
                    HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                    micros.recordValue((System.nanoTime() - start) / 1_000);
                    if (answer.statusCode() == 200) {
                        done.increment();
                    } else {
                        refused.increment();
                    }
                }
                return null;
            }));
        }
        long start = System.nanoTime();
        for (Future<?> worker : workers) {
            worker.get();
        }
        pool.shutdown();
        return done.sum() / ((System.nanoTime() - start) / 1e9);
    }
}

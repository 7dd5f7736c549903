package agentmesh.system.abuse;

import static org.awaitility.Awaitility.await;

import agentmesh.system.ApiResponse;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The others: pairs of agents exchanging messages at a steady rate while an attack runs — each sender one message
 * every {@code period}, each recipient reading its inbox by long poll — and what they saw in a window of time: the
 * status of every send, and the time from a send's start to its message being seen by its recipient.
 */
final class SteadyTraffic implements AutoCloseable {

    /** What the others saw between {@link #begin()} and {@link #end}. */
    record Window(Map<Integer, Long> sendStatuses, Histogram sendToSeenMillis, long unseen) {

        long p99Millis() {
            return sendToSeenMillis.getValueAtPercentile(99);
        }

        boolean allSendsAccepted() {
            return sendStatuses.keySet().stream().allMatch(status -> status == 201);
        }

        @Override
        public String toString() {
            return "sends by status " + sendStatuses + ", send → seen p50 "
                    + sendToSeenMillis.getValueAtPercentile(50) + " ms, p99 " + p99Millis() + " ms, max "
                    + sendToSeenMillis.getMaxValue() + " ms over " + sendToSeenMillis.getTotalCount()
                    + " messages, " + unseen + " not seen";
        }
    }

    private final MeshClient mesh;
    private final List<Agent[]> pairs;
    private final ScheduledExecutorService senders;
    private final ExecutorService readers;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong numbers = new AtomicLong();
    private final Map<String, Long> sentAt = new ConcurrentHashMap<>();
    private final Map<String, Long> seenAfter = new ConcurrentHashMap<>();
    private final Map<Integer, Long> statuses = new ConcurrentHashMap<>();
    private volatile String window = "w0";

    /** Starts the exchange: in each pair the first agent sends to the second every {@code period}. */
    SteadyTraffic(MeshClient mesh, List<Agent[]> pairs, Duration period) {
        this.mesh = mesh;
        this.pairs = pairs;
        this.senders = Executors.newScheduledThreadPool(pairs.size());
        this.readers = Executors.newFixedThreadPool(pairs.size());
        for (Agent[] pair : pairs) {
            readers.submit(() -> read(pair[1]));
            senders.scheduleAtFixedRate(() -> send(pair[0], pair[1]), 0, period.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Starts a new window: what is sent from now on is counted in it. */
    void begin() {
        statuses.clear();
        window = "w" + numbers.incrementAndGet();
    }

    /** Ends the window, once every message sent in it was seen or {@code grace} has passed. */
    Window end(Duration grace) {
        String ended = window;
        window = "between";
        try {
            await().atMost(grace).pollInterval(Duration.ofMillis(100)).until(() -> unseenIn(ended) == 0);
        } catch (ConditionTimeoutException e) {
            // counted below as unseen
        }
        Histogram latencies = new Histogram(60_000, 3);
        seenAfter.forEach((id, millis) -> {
            if (id.startsWith(ended + "-")) {
                latencies.recordValue(Math.min(millis, 60_000));
            }
        });
        return new Window(new TreeMap<>(statuses), latencies, unseenIn(ended));
    }

    private long unseenIn(String name) {
        return sentAt.keySet().stream()
                .filter(id -> id.startsWith(name + "-") && !seenAfter.containsKey(id))
                .count();
    }

    private void send(Agent from, Agent to) {
        if (!running.get() || window.equals("between")) {
            return;
        }
        String messageId = window + "-" + numbers.incrementAndGet();
        long start = System.nanoTime();
        sentAt.put(messageId, start);
        try {
            ApiResponse answer =
                    mesh.post("messages", from.token(), MeshClient.textMessage(messageId, to, null, "steady"));
            statuses.merge(answer.status(), 1L, Long::sum);
            if (answer.status() != 201) {
                sentAt.remove(messageId);
            }
        } catch (RuntimeException e) {
            statuses.merge(-1, 1L, Long::sum); // no answer at all
            sentAt.remove(messageId);
        }
    }

    private void read(Agent reader) {
        long cursor = 0;
        while (running.get()) {
            try {
                ApiResponse page = mesh.get("inbox?after=" + cursor + "&limit=100&wait=2", reader.token());
                long now = System.nanoTime();
                if (page.status() != 200) {
                    statuses.merge(1000 + page.status(), 1L, Long::sum); // a reader refused: counted apart
                    backOff();
                    continue;
                }
                for (JsonObject event : page.json().getJsonArray("events").getValuesAs(JsonObject.class)) {
                    Long sent = sentAt.get(event.getString("messageId", ""));
                    if (sent != null) {
                        seenAfter.putIfAbsent(event.getString("messageId"), (now - sent) / 1_000_000);
                    }
                }
                cursor = page.json().getJsonNumber("nextCursor").longValue();
            } catch (RuntimeException e) {
                if (running.get()) {
                    statuses.merge(-2, 1L, Long::sum); // a read without an answer
                }
            }
        }
    }

    // A refused reader retries a little later, as a client does.
    private static void backOff() {
        LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
    }

    @Override
    public void close() {
        running.set(false);
        senders.shutdownNow();
        readers.shutdownNow();
    }
}

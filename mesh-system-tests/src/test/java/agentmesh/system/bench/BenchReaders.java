package agentmesh.system.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Every agent reads its own inbox all the time, as a live agent does: by long poll (again at once after each
 * answer) or by one Server-Sent Events stream (reconnecting after its last event's id). Each benchmark message seen is
 * reported to its step's recorder with the time it was seen. Each agent reads on a thread and a connection of its
 * own ({@link Http1Connection}): a blocked read costs nothing, and an event costs one read of the socket.
 */
final class BenchReaders {

    // Json.createReader looks its provider up anew at each call (a ServiceLoader walk): once here.
    private static final JsonReaderFactory JSON = Json.createReaderFactory(Map.of());

    private static final int WAIT_SECONDS = 30;
    private static final Duration POLL_READ_TIMEOUT = Duration.ofSeconds(WAIT_SECONDS + 15);
    // A stream's reads wait for the next event; the server's heartbeats come far more often than this.
    private static final Duration STREAM_READ_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration PAUSE_AFTER_FAILURE = Duration.ofMillis(200);

    private final URI base;
    private final BenchSettings.ReaderMode mode;
    private final Map<String, StepRecorder> recorders;
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAdder requests = new LongAdder();
    private final List<Thread> threads = new ArrayList<>();
    private final Set<KeptConnection> open = ConcurrentHashMap.newKeySet();
    private volatile boolean running = true;

    BenchReaders(URI base, BenchSettings.ReaderMode mode, Map<String, StepRecorder> recorders) {
        this.base = base;
        this.mode = mode;
        this.recorders = recorders;
    }

    void start(BenchAgents agents) {
        for (BenchAgents.Member member : agents.all()) {
            String token = member.agent().token();
            Runnable reader = mode == BenchSettings.ReaderMode.SSE ? () -> stream(token) : () -> poll(token);
            Thread thread = new Thread(reader, "bench-reader-" + member.index());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /** Ends every read: the threads stop and their connections close. */
    void stop() {
        running = false;
        open.forEach(KeptConnection::close);
        threads.forEach(Thread::interrupt);
    }

    /** Inbox requests made (long polls, or stream connections). */
    long requests() {
        return requests.sum();
    }

    /** Read failures by cause (a stream that broke, a poll refused). */
    Map<String, Long> failures() {
        Map<String, Long> counts = new TreeMap<>();
        failures.forEach((cause, count) -> counts.put(cause, count.sum()));
        return counts;
    }

    private void poll(String token) {
        long cursor = 0;
        try (KeptConnection connection = opened(POLL_READ_TIMEOUT)) {
            while (running) {
                requests.increment();
                try {
                    Http1Connection.Answer answer = connection.exchange(Http1Connection.request(
                            "GET",
                            base.resolve("inbox?after=" + cursor + "&limit=500&wait=" + WAIT_SECONDS),
                            Map.of("Authorization", "Bearer " + token),
                            null));
                    if (answer.status() != 200) {
                        failed(
                                OpenLoopSender.refusal(answer.status(), answer.head(), answer.body()),
                                retryAfter(answer.head()));
                        continue;
                    }
                    long now = System.nanoTime();
                    JsonObject page;
                    try (JsonReader reader = JSON.createReader(new StringReader(answer.body()))) {
                        page = reader.readObject();
                    }
                    page.getJsonArray("events").getValuesAs(JsonObject.class).forEach(event -> seen(event, now));
                    cursor = page.getJsonNumber("nextCursor").longValue();
                } catch (IOException | RuntimeException e) {
                    failed(OpenLoopSender.cause(e, POLL_READ_TIMEOUT), PAUSE_AFTER_FAILURE);
                }
            }
        }
    }

    private void stream(String token) {
        long[] cursor = {0};
        try (KeptConnection connection = opened(STREAM_READ_TIMEOUT)) {
            while (running) {
                requests.increment();
                try {
                    Http1Connection.Head head = connection.send(Http1Connection.request(
                            "GET",
                            base.resolve("inbox/stream?after=" + cursor[0]),
                            Map.of("Authorization", "Bearer " + token, "Accept", "text/event-stream"),
                            null));
                    if (head.status() != 200) {
                        failed("stream " + head.status(), retryAfter(head));
                        continue;
                    }
                    read(connection.body(), cursor);
                    failed("stream ended", PAUSE_AFTER_FAILURE);
                } catch (IOException | RuntimeException e) {
                    connection.close(); // a stream broken mid-event leaves its connection unusable
                    failed(OpenLoopSender.cause(e, STREAM_READ_TIMEOUT), PAUSE_AFTER_FAILURE);
                }
            }
        }
    }

    // A stream's events up to its end or break: an event ends at a blank line, its data is the event's JSON; each
    // event's id moves the cursor, where the next stream starts.
    private void read(InputStream body, long[] cursor) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8), 8192);
        StringBuilder data = new StringBuilder();
        String id = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    long now = System.nanoTime();
                    if (id != null) { // first: an event that cannot be read is not read again at every reconnect
                        cursor[0] = Long.parseLong(id);
                    }
                    try (JsonReader reader = JSON.createReader(new StringReader(data.toString()))) {
                        seen(reader.readObject(), now);
                    }
                }
                data.setLength(0);
                id = null;
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("data:")) {
                data.append(data.length() > 0 ? "\n" : "")
                        .append(line.substring(5).trim());
            }
        }
    }

    // A connection for one agent's reads, which stop() closes (a blocked read then ends).
    private KeptConnection opened(Duration readTimeout) {
        KeptConnection connection = new KeptConnection(base, readTimeout);
        open.add(connection);
        return connection;
    }

    private void failed(String cause, Duration pause) {
        if (!running) {
            return;
        }
        failures.computeIfAbsent(cause, c -> new LongAdder()).increment();
        LockSupport.parkNanos(pause.toNanos());
    }

    private static Duration retryAfter(Http1Connection.Head head) {
        return head.header("retry-after")
                .filter(v -> v.matches("\\d{1,4}"))
                .map(v -> Duration.ofSeconds(Long.parseLong(v)))
                .orElse(PAUSE_AFTER_FAILURE);
    }

    private void seen(JsonObject event, long nowNanos) {
        if (!"message".equals(event.getString("type", null))) {
            return;
        }
        BenchMessageId.Parts id = BenchMessageId.parse(event.getString("messageId", null));
        StepRecorder recorder = id == null ? null : recorders.get(id.label());
        if (recorder == null || id.index() >= recorder.planned) {
            return;
        }
        long commitToInbox = -1;
        if (event.containsKey("createdAt") && event.containsKey("deliveredAt")) {
            commitToInbox = Duration.between(
                                    Instant.parse(event.getString("createdAt")),
                                    Instant.parse(event.getString("deliveredAt")))
                            .toNanos()
                    / 1_000;
        }
        recorder.seen(id.index(), nowNanos, commitToInbox);
    }
}

package agentmesh.system.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import java.io.BufferedReader;
import java.io.IOException;
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
 * answer) or by one Server-Sent Events stream (reconnecting with Last-Event-ID). Each benchmark message seen is
 * reported to its step's recorder with the time it was seen. Each agent reads on a thread and a connection of its
 * own ({@link Http1Connection}): a blocked read costs nothing, and an event costs one read of the socket.
 */
final class BenchReaders {

    // Json.createReader looks its provider up anew at each call (a ServiceLoader walk): once here.
    private static final JsonReaderFactory JSON = Json.createReaderFactory(Map.of());

    private static final int WAIT_SECONDS = 30;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
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
    private final Set<Http1Connection> open = ConcurrentHashMap.newKeySet();
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
        open.forEach(Http1Connection::close);
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
        Http1Connection connection = null;
        while (running) {
            byte[] request = Http1Connection.request(
                    "GET",
                    base.resolve("inbox?after=" + cursor + "&limit=500&wait=" + WAIT_SECONDS),
                    Map.of("Authorization", "Bearer " + token),
                    null);
            try {
                if (connection == null || !connection.reusable()) {
                    closed(connection);
                    connection = opened(POLL_READ_TIMEOUT);
                }
                requests.increment();
                Http1Connection.Answer answer;
                try {
                    answer = connection.exchange(request);
                } catch (Http1Connection.StaleConnectionException e) {
                    closed(connection);
                    connection = opened(POLL_READ_TIMEOUT);
                    answer = connection.exchange(request);
                }
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
                closed(connection);
                connection = null;
                failed(OpenLoopSender.cause(e, POLL_READ_TIMEOUT), PAUSE_AFTER_FAILURE);
            }
        }
        closed(connection);
    }

    private void stream(String token) {
        long[] cursor = {0};
        while (running) {
            byte[] request = Http1Connection.request(
                    "GET",
                    base.resolve("inbox/stream?after=" + cursor[0]),
                    Map.of("Authorization", "Bearer " + token, "Accept", "text/event-stream"),
                    null);
            Http1Connection connection = null;
            try {
                connection = opened(STREAM_READ_TIMEOUT);
                requests.increment();
                Http1Connection.Head head = connection.send(request);
                if (head.status() != 200) {
                    failed("stream " + head.status(), retryAfter(head));
                    continue;
                }
                read(connection, cursor);
                failed("stream ended", PAUSE_AFTER_FAILURE);
            } catch (IOException | RuntimeException e) {
                failed(OpenLoopSender.cause(e, STREAM_READ_TIMEOUT), PAUSE_AFTER_FAILURE);
            } finally {
                closed(connection);
            }
        }
    }

    // A stream's events up to its end or break: an event ends at a blank line, its data is the event's JSON; each
    // event's id moves the cursor, where the next stream starts.
    private void read(Http1Connection connection, long[] cursor) throws IOException {
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(connection.body(), StandardCharsets.UTF_8), 8192);
        StringBuilder data = new StringBuilder();
        String id = null;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    long now = System.nanoTime();
                    try (JsonReader reader = JSON.createReader(new StringReader(data.toString()))) {
                        seen(reader.readObject(), now);
                    }
                    if (id != null) {
                        cursor[0] = Long.parseLong(id);
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

    private Http1Connection opened(Duration readTimeout) throws IOException {
        Http1Connection connection = new Http1Connection(base, CONNECT_TIMEOUT, readTimeout);
        open.add(connection);
        if (!running) {
            connection.close(); // stop() may have closed the others just before this one was added
        }
        return connection;
    }

    private void closed(Http1Connection connection) {
        if (connection != null) {
            connection.close();
            open.remove(connection);
        }
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

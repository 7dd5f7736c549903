package agentmesh.system.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every agent reads its own inbox all the time, as a live agent does: by long poll (again at once after each
 * answer) or by one Server-Sent Events stream (reconnecting with Last-Event-ID). Each benchmark message seen is
 * reported to its step's recorder with the time it was seen.
 */
final class BenchReaders {

    private static final int WAIT_SECONDS = 30;
    private static final Duration PAUSE_AFTER_FAILURE = Duration.ofMillis(200);

    private final HttpClient http;
    private final URI base;
    private final BenchSettings.ReaderMode mode;
    private final Map<String, StepRecorder> recorders;
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAdder requests = new LongAdder();
    private volatile boolean running = true;

    BenchReaders(HttpClient http, URI base, BenchSettings.ReaderMode mode, Map<String, StepRecorder> recorders) {
        this.http = http;
        this.base = base;
        this.mode = mode;
        this.recorders = recorders;
    }

    void start(BenchAgents agents) {
        for (BenchAgents.Member member : agents.all()) {
            if (mode == BenchSettings.ReaderMode.SSE) {
                stream(member.agent().token(), 0);
            } else {
                poll(member.agent().token(), 0);
            }
        }
    }

    void stop() {
        running = false;
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

    private void poll(String token, long cursor) {
        if (!running) {
            return;
        }
        requests.increment();
        HttpRequest request = HttpRequest.newBuilder(
                        base.resolve("inbox?after=" + cursor + "&limit=500&wait=" + WAIT_SECONDS))
                .timeout(Duration.ofSeconds(WAIT_SECONDS + 15))
                .header("Authorization", "Bearer " + token)
                .GET()
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((answer, failure) -> {
            if (failure != null) {
                failed(OpenLoopSender.cause(failure), () -> poll(token, cursor), PAUSE_AFTER_FAILURE);
            } else if (answer.statusCode() != 200) {
                failed(OpenLoopSender.refusal(answer), () -> poll(token, cursor), retryAfter(answer));
            } else {
                long now = System.nanoTime();
                JsonObject page;
                try (JsonReader reader = Json.createReader(new StringReader(answer.body()))) {
                    page = reader.readObject();
                }
                page.getJsonArray("events").getValuesAs(JsonObject.class).forEach(event -> seen(event, now));
                poll(token, page.getJsonNumber("nextCursor").longValue());
            }
        });
    }

    private void stream(String token, long cursor) {
        if (!running) {
            return;
        }
        requests.increment();
        SseLines lines = new SseLines(cursor);
        HttpRequest request = HttpRequest.newBuilder(base.resolve("inbox/stream?after=" + cursor))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream")
                .GET()
                .build();
        // The answer completes when its body ends (a line subscriber's body is the whole stream): a refusal, a broken
        // connection, or a stream the server ended.
        Runnable reconnect = () -> stream(token, lines.cursor);
        http.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(lines))
                .whenComplete((answer, failure) -> {
                    if (failure != null) {
                        failed(OpenLoopSender.cause(failure), reconnect, PAUSE_AFTER_FAILURE);
                    } else if (answer.statusCode() != 200) {
                        failed("stream " + answer.statusCode(), reconnect, retryAfter(answer));
                    } else {
                        failed("stream ended", reconnect, PAUSE_AFTER_FAILURE);
                    }
                });
    }

    private void failed(String cause, Runnable again, Duration pause) {
        if (!running) {
            return;
        }
        failures.computeIfAbsent(cause, c -> new LongAdder()).increment();
        Executor later = CompletableFuture.delayedExecutor(pause.toMillis(), TimeUnit.MILLISECONDS);
        later.execute(again);
    }

    private static Duration retryAfter(HttpResponse<?> answer) {
        return answer.headers()
                .firstValue("Retry-After")
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

    /** One stream's lines: an event ends at a blank line; its data is the event's JSON. */
    private final class SseLines implements Flow.Subscriber<String> {
        volatile long cursor;
        private final List<String> data = new ArrayList<>();
        private String id;

        SseLines(long cursor) {
            this.cursor = cursor;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    long now = System.nanoTime();
                    try (JsonReader reader = Json.createReader(new StringReader(String.join("\n", data)))) {
                        seen(reader.readObject(), now);
                    }
                    if (id != null) {
                        cursor = Long.parseLong(id);
                    }
                }
                data.clear();
                id = null;
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("data:")) {
                data.add(line.substring(5).trim());
            }
        }

        @Override
        public void onError(Throwable throwable) {
            // the answer's failure says it: see stream()
        }

        @Override
        public void onComplete() {
            // the answer's completion says it: see stream()
        }
    }
}

package agentmesh.system.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Offers sends at a fixed rate whatever the answers do (open loop): send {@code i} of a step is due at
 * {@code start + i / rate}; the pacer starts it then, asynchronously, and does not wait for its answer. Each send is
 * one attempt: what the mesh refuses (429, 503) is counted, not retried, so that "achieved" says what it admitted.
 *
 * <p>Like any real client, it keeps a bounded number of requests (and so connections) open: past
 * {@code maxInFlight}, the pacer waits for an answer before it starts the next send. Latencies still count from each
 * send's intended time, and the pacer's lag behind the schedule is reported: a server that answers slowly shows as
 * lag and latency, not as ten thousand connections the client opened (which is what an unbounded client does, and
 * then the client's own queues are what is measured).
 */
final class OpenLoopSender {

    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http;
    private final URI messages;
    private final BenchAgents agents;
    private final double newTaskShare;
    private final Semaphore inFlight;

    OpenLoopSender(HttpClient http, URI base, BenchAgents agents, double newTaskShare, int maxInFlight) {
        this.http = http;
        this.messages = base.resolve("messages");
        this.agents = agents;
        this.newTaskShare = newTaskShare;
        this.inFlight = new Semaphore(maxInFlight);
    }

    /** Offers {@code recorder.planned} sends at {@code recorder.rate}/s; returns when the last one has started. */
    void offer(StepRecorder recorder) {
        long periodNanos = 1_000_000_000L / recorder.rate;
        long start = System.nanoTime();
        for (int i = 0; i < recorder.planned; i++) {
            long due = start + i * periodNanos;
            long now;
            while ((now = System.nanoTime()) < due) {
                LockSupport.parkNanos(due - now);
            }
            inFlight.acquireUninterruptibly();
            recorder.started(i, due, System.nanoTime());
            send(recorder, i);
        }
    }

    private void send(StepRecorder recorder, int index) {
        BenchAgents.Member sender = agents.get(index);
        boolean newTask = ThreadLocalRandom.current().nextDouble() < newTaskShare;
        String body = "{\"messageId\":\"" + BenchMessageId.of(recorder.label, index) + "\",\"to\":\""
                + sender.partner().id() + "\"" + (newTask ? "" : ",\"taskId\":\"" + sender.standingTask() + "\"")
                + ",\"parts\":[{\"kind\":\"text\",\"text\":\"benchmark message " + index + " of step "
                + recorder.step + ", a few words like an agent's request\"}]}";
        HttpRequest request = HttpRequest.newBuilder(messages)
                .timeout(REQUEST_TIMEOUT)
                .header("Authorization", "Bearer " + sender.agent().token())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((answer, failure) -> {
            inFlight.release();
            if (failure != null) {
                recorder.failed(index, cause(failure));
            } else if (answer.statusCode() == 201 || answer.statusCode() == 200) {
                recorder.answered(index, System.nanoTime());
            } else {
                recorder.failed(index, refusal(answer));
            }
        });
    }

    /** A refusal by its status and problem type; an overload answer without Retry-After is a cause of its own. */
    static String refusal(HttpResponse<String> answer) {
        int status = answer.statusCode();
        String type = problemType(answer.body());
        boolean retryAfter = answer.headers().firstValue("Retry-After").isPresent();
        String cause = status + " " + type;
        return (status == 429 || status == 503) && !retryAfter ? cause + " WITHOUT Retry-After" : cause;
    }

    static String cause(Throwable failure) {
        Throwable root =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (root instanceof HttpTimeoutException) {
            return "timeout (" + REQUEST_TIMEOUT.toSeconds() + " s)";
        }
        String message = root.getMessage() == null ? "" : ": " + root.getMessage();
        return root.getClass().getSimpleName() + message;
    }

    private static String problemType(String body) {
        int at = body == null ? -1 : body.indexOf("\"type\":\"");
        if (at < 0) {
            return body == null || body.isEmpty() ? "(no body)" : "(not a problem)";
        }
        int start = at + 8;
        int end = body.indexOf('"', start);
        String type = end < 0 ? body.substring(start) : body.substring(start, end);
        return type.substring(type.lastIndexOf('/') + 1);
    }
}

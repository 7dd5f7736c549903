package agentmesh.system.chaos;

import agentmesh.system.ApiResponse;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import agentmesh.system.chaos.Conversations.Task;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One agent's sending side, behaving as a real agent SDK would: sends go out one after another; each is retried
 * with the same messageId after a failure or a timeout — after Retry-After when the mesh gives one, else backing
 * off 0.1 s, 0.2 s, … up to 5 s — until the mesh acknowledges it (2xx), refuses it for good (another 4xx), or the
 * run stops waiting. A share of the mesh's 201 answers is dropped on purpose, as a network cut after the commit
 * would drop it, so that retries of stored sends happen in every run. Nothing blocks a thread: attempts and pauses
 * are chained futures.
 */
final class AgentSender {

    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final Agent agent;
    private final List<Agent> everyone;
    private final MeshClient mesh;
    private final Conversations conversations;
    private final Random random;
    private final double lostAnswerShare;
    private final List<SendRecord> records = Collections.synchronizedList(new ArrayList<>());
    private final List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
    private CompletableFuture<Void> queue = CompletableFuture.completedFuture(null);
    private int sequence;
    private volatile Instant giveUpAt = Instant.MAX;

    AgentSender(
            Agent agent,
            List<Agent> everyone,
            MeshClient mesh,
            Conversations conversations,
            long seed,
            double lostAnswerShare) {
        this.agent = agent;
        this.everyone = everyone;
        this.mesh = mesh;
        this.conversations = conversations;
        this.random = new Random(seed);
        this.lostAnswerShare = lostAnswerShare;
    }

    /** Queues one more message; it is sent once the messages planned before it are done with. */
    synchronized void plan(Instant planned) {
        queue = queue.thenCompose(done -> send(planned)).exceptionally(error -> {
            errors.add(error); // a bug of the generator: reported, and the next message still goes out
            return null;
        });
    }

    /** Completes when every message planned so far is done with. */
    synchronized CompletableFuture<Void> idle() {
        return queue;
    }

    /** From then on, a failed attempt is not retried: the send stays unacknowledged. */
    void giveUpAt(Instant deadline) {
        giveUpAt = deadline;
    }

    List<SendRecord> records() {
        synchronized (records) {
            return List.copyOf(records);
        }
    }

    /** Failures of this class itself (an answer it could not read, …); a run with any is not a proof. */
    List<Throwable> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    private CompletableFuture<Void> send(Instant planned) {
        Optional<Task> task = conversations.pick(agent, random);
        Agent to = task.map(t -> t.other(agent)).orElseGet(this::someoneElse);
        int number = ++sequence;
        String messageId = agent.id() + ":" + number;
        String body = MeshClient.textMessage(
                messageId, to, task.map(Task::taskId).orElse(null), "message " + number + " from " + agent.id());
        Send send = new Send(messageId, to, body, planned);
        return attempt(send).thenAccept(record -> {
            records.add(record);
            if (task.isEmpty() && record.acknowledged()) {
                conversations.opened(new Task(record.taskId(), agent, to));
            }
        });
    }

    private CompletableFuture<SendRecord> attempt(Send send) {
        send.firstAttempt = send.firstAttempt == null ? Instant.now() : send.firstAttempt;
        return mesh.postAsync("messages", agent.token(), send.body)
                .handle((response, failure) -> {
                    AttemptOutcome outcome = AttemptOutcome.of(response, failure);
                    send.last = response;
                    return outcome == AttemptOutcome.CREATED && random.nextDouble() < lostAnswerShare
                            ? AttemptOutcome.ANSWER_LOST
                            : outcome;
                })
                .thenCompose(outcome -> {
                    if (!outcome.worthRetrying() || Instant.now().isAfter(giveUpAt)) {
                        return CompletableFuture.completedFuture(send.finish(outcome, agent));
                    }
                    send.failures.merge(outcome, 1, Integer::sum);
                    return CompletableFuture.runAsync(
                                    () -> {},
                                    CompletableFuture.delayedExecutor(backoffMillis(send), TimeUnit.MILLISECONDS))
                            .thenCompose(paused -> attempt(send));
                });
    }

    private long backoffMillis(Send send) {
        int failed = send.failures.values().stream().mapToInt(Integer::intValue).sum();
        long exponential = Math.min(MAX_BACKOFF_MILLIS, FIRST_BACKOFF_MILLIS << Math.min(failed - 1, 10));
        long retryAfter = send.last == null
                ? 0
                : Duration.ofSeconds(send.last.retryAfterSeconds().orElse(0)).toMillis();
        return Math.max(exponential, retryAfter) + random.nextInt(50);
    }

    private Agent someoneElse() {
        Agent other;
        do {
            other = everyone.get(random.nextInt(everyone.size()));
        } while (other.equals(agent));
        return other;
    }

    /** One message's attempts so far. */
    private static final class Send {
        final String messageId;
        final Agent to;
        final String body;
        final Instant planned;
        final Map<AttemptOutcome, Integer> failures = new EnumMap<>(AttemptOutcome.class);
        Instant firstAttempt;
        ApiResponse last;

        Send(String messageId, Agent to, String body, Instant planned) {
            this.messageId = messageId;
            this.to = to;
            this.body = body;
            this.planned = planned;
        }

        SendRecord finish(AttemptOutcome outcome, Agent from) {
            if (outcome.acknowledged()) {
                var answer = last.json();
                return new SendRecord(
                        messageId,
                        from.id(),
                        to.id(),
                        answer.getString("taskId"),
                        answer.getInt("seq"),
                        planned,
                        firstAttempt,
                        Instant.now(),
                        outcome,
                        failures,
                        null);
            }
            if (outcome != AttemptOutcome.REJECTED) {
                failures.merge(outcome, 1, Integer::sum);
            }
            return new SendRecord(
                    messageId,
                    from.id(),
                    to.id(),
                    null,
                    0,
                    planned,
                    firstAttempt,
                    null,
                    outcome,
                    failures,
                    outcome == AttemptOutcome.REJECTED ? last.toString() : "gave up");
        }
    }
}

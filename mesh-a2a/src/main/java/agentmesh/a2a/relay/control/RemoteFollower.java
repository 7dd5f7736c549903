package agentmesh.a2a.relay.control;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.json.MeshJson;
import agentmesh.problem.MeshException;
import agentmesh.retry.Attempts;
import agentmesh.retry.RetryPolicy;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Follows the remote agents' tasks that are still running after their answer (submitted or working in the mesh, and
 * not said to be over by their server): by {@code SubscribeToTask} when the agent's card says it streams — every
 * event applied as it comes, the first (the task) catching up on whatever happened meanwhile, artifact chunks put
 * together ({@link ArtifactChunks}) — else by {@code GetTask} every {@link #PAUSE}. A stream that ends while the task
 * runs is opened again after that pause.
 *
 * <p>Nothing is followed for ever in vain: a server out of reach, and an answer the mesh cannot take now (a refusal
 * with Retry-After: the identity service, the database), are looked at again with backoff
 * ({@code mesh.a2a.remote.backoff-base-ms}, doubling, at most a minute) for as long as it takes; a task whose
 * following fails otherwise (refused, answers that cannot be read or applied) {@code mesh.a2a.remote.max-attempts}
 * times in a row fails in the mesh, as does a task the server no longer knows (TaskNotFound: its store lost it) or
 * may no longer be called about ({@link UrlPolicy}) — so that its requester learns — and is not followed again.
 * Applying is idempotent ({@link RemoteAnswers}), so seeing the same update twice changes nothing.
 *
 * <p>Threads: at most {@code mesh.a2a.remote.follow-threads} tasks are followed at once, and at most
 * {@code mesh.a2a.remote.follows-per-agent} of one agent's, so that a remote that holds its streams open or answers
 * slowly (each stream within {@link RemoteLimits}) leaves the other agents' tasks their share.
 */
@ApplicationScoped
class RemoteFollower {

    private static final Logger LOG = Logger.getLogger(RemoteFollower.class.getName());
    static final Duration PAUSE = Duration.ofSeconds(2);
    private static final int TASK_NOT_FOUND = -32001;
    private static final Duration FORGET = Duration.ofMinutes(10);

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    RemoteAgents agents;

    @Inject
    RemoteAnswers answers;

    @Inject
    RemoteSettings settings;

    /** Task id to the agent whose task it is, while it is followed. */
    private final Map<String, String> followed = new ConcurrentHashMap<>();

    private final Map<String, Pace> paces = new ConcurrentHashMap<>();
    private ExecutorService threads;

    /** When a task may be followed next, and how many of its last followings failed in a row, and how. */
    private record Pace(long notBefore, int unreachable, int failed) {}

    /** How one following ended. */
    private enum Ending {
        FOLLOWED,
        UNREACHABLE,
        FAILED,
        OVER
    }

    private record Outcome(Ending ending, String why) {}

    /** A remote answer that cannot be read: the following fails (and counts), for asking again brings the same. */
    private static final class Unreadable extends RuntimeException {

        Unreadable(RuntimeException cause) {
            super(
                    "an answer of the remote agent cannot be read: "
                            + cause.getClass().getSimpleName() + ": " + cause.getMessage(),
                    cause);
        }
    }

    @PreDestroy
    void stop() {
        if (threads != null) {
            threads.shutdownNow();
        }
    }

    /** Starts following the open tasks of these agents (this instance relays them) that are not followed yet. */
    void follow(List<RemoteAgents.Target> targets, A2aCalls calls) {
        if (targets.isEmpty()) {
            return;
        }
        Map<String, RemoteAgents.Target> byAgent = new ConcurrentHashMap<>();
        targets.forEach(target -> byAgent.put(target.agentId(), target));
        long now = System.nanoTime();
        for (RemoteAgents.OpenTask task : agents.openTasks(List.copyOf(byAgent.keySet()))) {
            Pace pace = paces.get(task.taskId());
            if (followed.size() >= settings.followThreads()
                    || (pace != null && pace.notBefore() - now > 0)
                    || followedOf(task.agentId()) >= settings.followsPerAgent()
                    || followed.putIfAbsent(task.taskId(), task.agentId()) != null) {
                continue;
            }
            threads().execute(() -> {
                Outcome outcome = new Outcome(Ending.FAILED, "following failed");
                try {
                    outcome = followOnce(byAgent.get(task.agentId()), task, calls);
                } catch (RuntimeException e) {
                    if (e instanceof MeshException refusal && refusal.retryAfterSeconds() > 0) {
                        // A refusal for now (the identity service, the database): like a server out of reach, looked
                        // at again with backoff, not counted, and the answer applied then.
                        LOG.info(() -> "The mesh cannot take the answer to task " + task.taskId() + " now; it is"
                                + " followed again: " + refusal.getMessage());
                        outcome = new Outcome(Ending.UNREACHABLE, refusal.getMessage());
                    } else {
                        LOG.log(Level.WARNING, "Following task " + task.taskId() + " failed; it is followed again", e);
                        outcome = new Outcome(Ending.FAILED, String.valueOf(e.getMessage()));
                    }
                } finally {
                    try {
                        after(task, outcome);
                    } finally {
                        followed.remove(task.taskId());
                    }
                }
            });
        }
        paces.values().removeIf(pace -> now - pace.notBefore() > FORGET.toNanos());
    }

    private long followedOf(String agentId) {
        return followed.values().stream().filter(agentId::equals).count();
    }

    private Outcome followOnce(RemoteAgents.Target target, RemoteAgents.OpenTask task, A2aCalls calls) {
        A2aVersion version = A2aVersion.of(target.protocolVersion());
        JsonObject id = MeshJson.object().add("id", task.remoteTaskId()).build();
        if (target.streaming()) {
            ArtifactChunks chunks = new ArtifactChunks();
            AtomicInteger applied = new AtomicInteger();
            A2aCalls.Reply ended;
            try {
                // What the event handler throws ends the stream and escapes from it as it is (see A2aCalls#stream).
                ended = calls.stream(
                        target, version == A2aVersion.V1_0 ? "SubscribeToTask" : "tasks/resubscribe", id, event -> {
                            apply(task, chunks.take(answerOf(event, version)));
                            applied.incrementAndGet(); // counted once applied: only that is progress
                        });
            } finally {
                // What came of an artifact stays, however the stream ended; a stream opened again starts with the
                // task, whose artifacts are whole.
                answers.addArtifacts(task.agentId(), task.taskId(), task.counterpart(), chunks.rest());
            }
            if (ended instanceof A2aCalls.Result || (ended instanceof A2aCalls.Unreachable && applied.get() > 0)) {
                return new Outcome(Ending.FOLLOWED, null); // opened again after the pause if the task still runs
            }
            if (ended instanceof A2aCalls.Unreachable unreachable) {
                return new Outcome(Ending.UNREACHABLE, unreachable.why());
            }
            if (ended instanceof A2aCalls.NotAllowed notAllowed) {
                return notAllowed(task, notAllowed);
            }
            // refused, e.g. because the task is over on its side: read it once to learn how it ended
        }
        A2aCalls.Reply read = calls.call(target, version == A2aVersion.V1_0 ? "GetTask" : "tasks/get", id);
        if (read instanceof A2aCalls.Result result) {
            apply(task, answerOf(result.result(), version));
            return new Outcome(Ending.FOLLOWED, null);
        }
        if (read instanceof A2aCalls.Refused refused && refused.code() == TASK_NOT_FOUND) {
            // The server has lost the task (an in-memory store restarted, say): nothing more will come of it.
            answers.fail(
                    task.agentId(),
                    task.taskId(),
                    task.counterpart(),
                    "The remote A2A agent no longer knows this task");
            return new Outcome(Ending.OVER, null);
        }
        if (read instanceof A2aCalls.NotAllowed notAllowed) {
            return notAllowed(task, notAllowed);
        }
        return read instanceof A2aCalls.Unreachable unreachable
                ? new Outcome(Ending.UNREACHABLE, unreachable.why())
                : new Outcome(Ending.FAILED, ((A2aCalls.Refused) read).why());
    }

    private Outcome notAllowed(RemoteAgents.OpenTask task, A2aCalls.NotAllowed notAllowed) {
        answers.fail(
                task.agentId(),
                task.taskId(),
                task.counterpart(),
                "The remote A2A agent may not be called: " + notAllowed.why());
        return new Outcome(Ending.OVER, null);
    }

    private void after(RemoteAgents.OpenTask task, Outcome outcome) {
        Pace pace = paces.getOrDefault(task.taskId(), new Pace(0, 0, 0));
        RetryPolicy retries = settings.relayRetryPolicy();
        long now = System.nanoTime();
        switch (outcome.ending()) {
            case FOLLOWED -> paces.put(task.taskId(), new Pace(now + PAUSE.toNanos(), 0, 0));
            case OVER -> paces.remove(task.taskId());
            case UNREACHABLE ->
                paces.put(
                        task.taskId(),
                        new Pace(
                                now + retries.waitAfter(pace.unreachable() + 1).toNanos(),
                                pace.unreachable() + 1,
                                pace.failed()));
            case FAILED -> {
                int failed = pace.failed() + 1;
                if (retries.parks(new Attempts(failed, failed)) && givenUp(task, failed, outcome.why())) {
                    paces.remove(task.taskId());
                } else {
                    paces.put(
                            task.taskId(),
                            new Pace(now + retries.waitAfter(failed).toNanos(), pace.unreachable(), failed));
                }
            }
        }
    }

    private boolean givenUp(RemoteAgents.OpenTask task, int failed, String why) {
        LOG.warning(() -> "Task " + task.taskId() + " of remote agent " + task.agentId() + " could not be followed "
                + failed + " times; it is given up: " + why);
        try {
            answers.fail(
                    task.agentId(),
                    task.taskId(),
                    task.counterpart(),
                    "The remote A2A agent's answers to this task could not be followed: " + why);
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Giving task " + task.taskId() + " up failed; it is tried again", e);
            return false;
        }
    }

    private static RemoteAnswer answerOf(JsonObject result, A2aVersion version) {
        try {
            return RemoteAnswer.of(result, version);
        } catch (RuntimeException e) {
            throw new Unreadable(e);
        }
    }

    /** Escapes with a MeshException with Retry-After when the mesh cannot take the answer now. */
    private void apply(RemoteAgents.OpenTask task, RemoteAnswer answer) {
        answers.apply(task.agentId(), task.taskId(), task.counterpart(), answer);
    }

    private synchronized ExecutorService threads() {
        if (threads == null) {
            int size = settings.followThreads();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(
                    size, size, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threadFactory);
            pool.allowCoreThreadTimeOut(true); // no thread is kept while nothing is followed
            threads = pool;
        }
        return threads;
    }
}

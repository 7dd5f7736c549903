package agentmesh.a2a.remote;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.platform.MeshJson;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Follows the remote agents' tasks that are still running after their answer (submitted or working in the mesh):
 * by {@code SubscribeToTask} when the agent's card says it streams — every event applied as it comes, the first
 * (the task) catching up on whatever happened meanwhile — else by {@code GetTask} every {@link #PAUSE}. A stream
 * that ends while the task runs is opened again after that pause; so is a server out of reach. A task the server
 * says it does not know (TaskNotFound: its store lost it) fails in the mesh, so that its requester learns. Applying is
 * idempotent ({@link RemoteAnswers}), so seeing the same update twice changes nothing.
 */
@ApplicationScoped
class RemoteFollower {

    private static final Logger LOG = Logger.getLogger(RemoteFollower.class.getName());
    static final Duration PAUSE = Duration.ofSeconds(2);
    private static final int MAX_FOLLOWED = 32;
    private static final int TASK_NOT_FOUND = -32001;

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    RemoteAgents agents;

    @Inject
    RemoteAnswers answers;

    private final Set<String> followed = ConcurrentHashMap.newKeySet();
    private final Map<String, Long> notBefore = new ConcurrentHashMap<>();
    private ExecutorService threads;

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
            if (followed.size() >= MAX_FOLLOWED || notBefore.getOrDefault(task.taskId(), now) > now
                    || !followed.add(task.taskId())) {
                continue;
            }
            threads().execute(() -> {
                try {
                    followOnce(byAgent.get(task.agentId()), task, calls);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Following task " + task.taskId() + " failed; it is followed again", e);
                } finally {
                    notBefore.put(task.taskId(), System.nanoTime() + PAUSE.toNanos());
                    followed.remove(task.taskId());
                }
            });
        }
        notBefore.values().removeIf(until -> until < now - Duration.ofMinutes(10).toNanos());
    }

    private void followOnce(RemoteAgents.Target target, RemoteAgents.OpenTask task, A2aCalls calls) {
        A2aVersion version = A2aVersion.of(target.protocolVersion());
        JsonObject id = MeshJson.object().add("id", task.remoteTaskId()).build();
        if (target.streaming()) {
            A2aCalls.Reply ended = calls.stream(target.endpoint(), target.protocolVersion(), target.secret(),
                    version == A2aVersion.V1_0 ? "SubscribeToTask" : "tasks/resubscribe", id,
                    event -> apply(task, version, event));
            if (!(ended instanceof A2aCalls.Refused)) {
                return; // the stream ended or broke: the next look opens it again if the task still runs
            }
            // refused, e.g. because the task is over on its side: read it once to learn how it ended
        }
        A2aCalls.Reply read = calls.call(target.endpoint(), target.protocolVersion(), target.secret(),
                version == A2aVersion.V1_0 ? "GetTask" : "tasks/get", id);
        if (read instanceof A2aCalls.Result result) {
            apply(task, version, result.result());
        } else if (read instanceof A2aCalls.Refused refused && refused.code() == TASK_NOT_FOUND) {
            // The server has lost the task (an in-memory store restarted, say): nothing more will come of it.
            answers.lost(task.agentId(), task.taskId(), task.counterpart());
        }
    }

    private void apply(RemoteAgents.OpenTask task, A2aVersion version, JsonObject event) {
        answers.apply(task.agentId(), task.taskId(), task.counterpart(), RemoteAnswer.of(event, version));
    }

    private synchronized ExecutorService threads() {
        if (threads == null) {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(MAX_FOLLOWED, MAX_FOLLOWED, 60, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), threadFactory);
            pool.allowCoreThreadTimeOut(true); // no thread is kept while nothing is followed
            threads = pool;
        }
        return threads;
    }
}

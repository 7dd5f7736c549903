package agentmesh.a2a.boundary;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The open watches, by task and by each of their two agents, and which tasks an inbox signal asks to look at.
 *
 * <p>A signal names an agent and the last cursor of its inbox, not the task that changed: every task watched with
 * that agent may have changed, and each is named once however many watches it has. A signal whose cursor is not past
 * one already acted on for the agent names none: the looks asked for then began after that cursor's events were
 * committed, so they see them. Signals repeat — the change feed reports a delivery on every poll for a few seconds,
 * after the delivering server has already signalled it — and these repeats cost nothing.
 */
final class WatchIndex {

    private final Map<String, Set<TaskWatches.Watch>> byTask = new ConcurrentHashMap<>();
    private final Map<String, AgentWatches> byAgent = new ConcurrentHashMap<>();

    /** One agent's watches (as caller or as the agent addressed), and the highest cursor acted on for it. */
    private static final class AgentWatches {
        final Set<TaskWatches.Watch> watches = ConcurrentHashMap.newKeySet();
        final AtomicLong actedOn = new AtomicLong(Long.MIN_VALUE);
    }

    // Within compute: a set being emptied and dropped by leave() at the same moment is never joined.
    void join(TaskWatches.Watch watch) {
        byTask.compute(watch.taskId(), (id, watches) -> {
            Set<TaskWatches.Watch> joined = watches == null ? ConcurrentHashMap.newKeySet() : watches;
            joined.add(watch);
            return joined;
        });
        joinAgent(watch.caller(), watch);
        joinAgent(watch.agent(), watch);
    }

    void leave(TaskWatches.Watch watch) {
        byTask.computeIfPresent(watch.taskId(), (id, watches) -> {
            watches.remove(watch);
            return watches.isEmpty() ? null : watches;
        });
        leaveAgent(watch.caller(), watch);
        leaveAgent(watch.agent(), watch);
    }

    /** The tasks to look at for a signal of the agent's inbox, each once; none for a cursor already acted on. */
    Set<String> tasksToLookAt(String agentId, long lastCursor) {
        AgentWatches agent = byAgent.get(agentId);
        if (agent == null || agent.actedOn.getAndAccumulate(lastCursor, Math::max) >= lastCursor) {
            return Set.of();
        }
        Set<String> tasks = new HashSet<>();
        agent.watches.forEach(watch -> tasks.add(watch.taskId()));
        return tasks;
    }

    /** The watches of one task, as they are now. */
    List<TaskWatches.Watch> ofTask(String taskId) {
        return List.copyOf(byTask.getOrDefault(taskId, Set.of()));
    }

    /** The watches the agent takes part in, as caller or as the agent addressed. */
    List<TaskWatches.Watch> ofAgent(String agentId) {
        AgentWatches agent = byAgent.get(agentId);
        return agent == null ? List.of() : List.copyOf(agent.watches);
    }

    List<TaskWatches.Watch> all() {
        List<TaskWatches.Watch> all = new ArrayList<>();
        byTask.values().forEach(all::addAll);
        return all;
    }

    /** How many agents have watches: an agent without any is forgotten. */
    int agents() {
        return byAgent.size();
    }

    private void joinAgent(String agentId, TaskWatches.Watch watch) {
        byAgent.compute(agentId, (id, agent) -> {
            AgentWatches joined = agent == null ? new AgentWatches() : agent;
            joined.watches.add(watch);
            return joined;
        });
    }

    private void leaveAgent(String agentId, TaskWatches.Watch watch) {
        byAgent.computeIfPresent(agentId, (id, agent) -> {
            agent.watches.remove(watch);
            return agent.watches.isEmpty() ? null : agent;
        });
    }
}

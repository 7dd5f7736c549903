package agentmesh.system.chaos;

import agentmesh.system.MeshClient.Agent;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The tasks the agents of a run talk in. Each agent keeps to its few most recent tasks (as requester or assignee),
 * so tasks grow long histories; now and then it opens a new one. Shared by all senders.
 */
final class Conversations {

    /** A task between two agents; either may send in it. */
    record Task(String taskId, Agent requester, Agent assignee) {
        Agent other(Agent agent) {
            return agent.equals(requester) ? assignee : requester;
        }
    }

    private static final int RECENT_TASKS = 8;
    private static final double NEW_TASK_SHARE = 0.1;

    private final Map<Agent, Deque<Task>> recent = new HashMap<>();

    /** A task for the agent's next message, or empty when it should open a new one. */
    synchronized Optional<Task> pick(Agent agent, Random random) {
        List<Task> tasks = List.copyOf(recent.getOrDefault(agent, new ArrayDeque<>()));
        if (tasks.isEmpty() || random.nextDouble() < NEW_TASK_SHARE) {
            return Optional.empty();
        }
        return Optional.of(tasks.get(random.nextInt(tasks.size())));
    }

    /** A send that opened a task was acknowledged: both agents may now talk in it. */
    synchronized void opened(Task task) {
        remember(task.requester(), task);
        remember(task.assignee(), task);
    }

    private void remember(Agent agent, Task task) {
        Deque<Task> tasks = recent.computeIfAbsent(agent, a -> new ArrayDeque<>());
        tasks.addFirst(task);
        if (tasks.size() > RECENT_TASKS) {
            tasks.removeLast();
        }
    }
}

package agentmesh.a2a.boundary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open watches by task: a look reads a task once for all its watches. (Which tasks a signal concerns is found
 * by the watches' registration in {@link agentmesh.inbox.control.InboxWaits}, under their two agents.)
 */
final class WatchIndex {

    private final Map<String, Set<TaskWatches.Watch>> byTask = new ConcurrentHashMap<>();

    // Within compute: a set being emptied and dropped by leave() at the same moment is never joined.
    void join(TaskWatches.Watch watch) {
        byTask.compute(watch.taskId(), (id, watches) -> {
            Set<TaskWatches.Watch> joined = watches == null ? ConcurrentHashMap.newKeySet() : watches;
            joined.add(watch);
            return joined;
        });
    }

    void leave(TaskWatches.Watch watch) {
        byTask.computeIfPresent(watch.taskId(), (id, watches) -> {
            watches.remove(watch);
            return watches.isEmpty() ? null : watches;
        });
    }

    /** The watches of one task, as they are now. */
    List<TaskWatches.Watch> ofTask(String taskId) {
        return List.copyOf(byTask.getOrDefault(taskId, Set.of()));
    }

    List<TaskWatches.Watch> all() {
        List<TaskWatches.Watch> all = new ArrayList<>();
        byTask.values().forEach(all::addAll);
        return all;
    }

    /** How many tasks are watched: a task without watches is forgotten. */
    int tasks() {
        return byTask.size();
    }
}

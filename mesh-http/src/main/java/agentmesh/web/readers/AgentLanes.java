package agentmesh.web.readers;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * One lane per agent over a shared pool: an agent's tasks run one at a time, in order, on at most one of the pool's
 * threads, and a lane gives its thread back after each task, so the lanes take turns. A task that blocks — a write to
 * a client that never reads, held until the write times out — so holds up only its own agent, never the pool.
 */
final class AgentLanes {

    private final Executor pool;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();

    AgentLanes(Executor pool) {
        this.pool = pool;
    }

    /** Runs the task in the agent's lane, after the tasks queued there before it. */
    void execute(String agentId, Runnable task) {
        Lane[] toStart = {null};
        lanes.compute(agentId, (id, lane) -> {
            Lane joined = lane == null ? new Lane(id) : lane;
            joined.tasks.add(task);
            if (!joined.running) {
                joined.running = true;
                toStart[0] = joined;
            }
            return joined;
        });
        if (toStart[0] != null) {
            pool.execute(toStart[0]);
        }
    }

    /** Lanes with work now (for tests and the curious). */
    int busy() {
        return lanes.size();
    }

    private final class Lane implements Runnable {

        final String agentId;
        final Queue<Runnable> tasks = new ArrayDeque<>(); // guarded by the map's compute on this lane's key
        boolean running;

        Lane(String agentId) {
            this.agentId = agentId;
        }

        @Override
        public void run() {
            Runnable[] next = {null};
            lanes.computeIfPresent(agentId, (id, lane) -> {
                next[0] = tasks.poll();
                return lane;
            });
            try {
                if (next[0] != null) {
                    next[0].run();
                }
            } finally {
                boolean[] more = {false};
                lanes.computeIfPresent(agentId, (id, lane) -> {
                    more[0] = !tasks.isEmpty();
                    lane.running = more[0];
                    return more[0] ? lane : null;
                });
                if (more[0]) {
                    pool.execute(this); // to the back of the pool's queue: the other lanes' turn first
                }
            }
        }
    }
}

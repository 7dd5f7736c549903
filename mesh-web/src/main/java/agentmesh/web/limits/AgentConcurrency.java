package agentmesh.web.limits;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many of one agent's requests the server reads or works on at once: at most {@code limit}. The server's places
 * ({@link AdmissionLimit}) and its HTTP workers are shared by every agent; this cap is what keeps one agent — forty
 * connections that drip their bodies, a burst of the largest reads — to its own share of them. A request over the
 * cap is refused at once (429); it never waits, since waiting would itself hold a worker.
 */
final class AgentConcurrency {

    private final int limit;
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();

    AgentConcurrency(int limit) {
        this.limit = limit;
    }

    /** Takes one of the agent's places; false when all of them are taken. */
    boolean tryAcquire(String agentId) {
        boolean[] taken = {false};
        inFlight.compute(agentId, (id, count) -> {
            int now = count == null ? 0 : count;
            if (now >= limit) {
                return count;
            }
            taken[0] = true;
            return now + 1;
        });
        return taken[0];
    }

    void release(String agentId) {
        inFlight.computeIfPresent(agentId, (id, count) -> count <= 1 ? null : count - 1);
    }

    /** The agent's requests being read or worked on now. */
    int inFlight(String agentId) {
        return inFlight.getOrDefault(agentId, 0);
    }

    int limit() {
        return limit;
    }
}

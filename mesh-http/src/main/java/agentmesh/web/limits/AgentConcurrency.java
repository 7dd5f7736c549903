package agentmesh.web.limits;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many of something each agent holds at once — requests the server reads or works on, A2A requests that wait —
 * at most {@code limit}. The server's places ({@link AdmissionLimit}), its HTTP workers and its watches are shared by
 * every agent; this cap is what keeps one agent — forty connections that drip their bodies, a burst of the largest
 * reads, streams by the thousand — to its own share of them. One over the cap is refused at once (429); it never
 * waits, since waiting would itself hold a worker.
 */
public final class AgentConcurrency {

    private final int limit;
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();

    public AgentConcurrency(int limit) {
        this.limit = limit;
    }

    /** Takes one of the agent's places; false when all of them are taken. */
    public boolean tryAcquire(String agentId) {
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

    public void release(String agentId) {
        inFlight.computeIfPresent(agentId, (id, count) -> count <= 1 ? null : count - 1);
    }

    /** What the agent holds now. */
    public int inFlight(String agentId) {
        return inFlight.getOrDefault(agentId, 0);
    }

    public int limit() {
        return limit;
    }
}

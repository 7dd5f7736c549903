package agentmesh.a2a.boundary;

import agentmesh.web.limits.AgentConcurrency;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How many A2A requests that wait on a task — streams and blocking sends together — each calling agent holds open:
 * at most {@code max} ({@code mesh.a2a.max-waits-per-agent}). A waiting request holds no thread and no place at the
 * door ({@link agentmesh.web.limits.AgentGate} counts a request only while it is handled), yet it costs a connection,
 * a watch and a read of its task whenever the task may have changed; without this cap one agent could open them by
 * the thousand. A place is given back once however many ways its request ends, so the count cannot drift.
 */
final class WaitPlaces {

    private final AgentConcurrency held;

    WaitPlaces(int max) {
        this.held = new AgentConcurrency(max);
    }

    /** One of the agent's places, or none when it holds all of them. */
    Optional<Place> take(String agentId) {
        return held.tryAcquire(agentId) ? Optional.of(new Place(agentId)) : Optional.empty();
    }

    /** The places the agent holds now. */
    int held(String agentId) {
        return held.inFlight(agentId);
    }

    int max() {
        return held.limit();
    }

    /** A place taken by one waiting request. */
    final class Place {

        private final String agentId;
        private final AtomicBoolean released = new AtomicBoolean();

        private Place(String agentId) {
            this.agentId = agentId;
        }

        /** Gives the place back; only the first call does, the others do nothing. */
        void release() {
            if (released.compareAndSet(false, true)) {
                held.release(agentId);
            }
        }
    }
}

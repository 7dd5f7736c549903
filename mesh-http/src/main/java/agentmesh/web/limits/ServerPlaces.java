package agentmesh.web.limits;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import agentmesh.problem.MeshException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server's places for agents' work ({@link AdmissionLimit}): at most {@code mesh.http.max-concurrent-requests}
 * requests worked on at once, the inbox's in {@code mesh.http.max-concurrent-inbox-requests} places of their own,
 * each with a wait of at most {@code mesh.http.admission-wait-ms} for one. The door ({@link AgentGate}) takes one for
 * every API and A2A request; an MCP tool takes one for its work ({@link #within}), and none while it waits for an
 * inbox event, as a long poll holds none while it is suspended.
 */
@ApplicationScoped
public class ServerPlaces {

    static final String OVER_CAPACITY = "The mesh is working at capacity; retry in 1 s (the same messageId keeps a"
            + " retried send from being stored twice)";

    @Inject
    @ConfigProperty(name = "mesh.http.max-concurrent-requests", defaultValue = "32")
    int maxConcurrentRequests;

    @Inject
    @ConfigProperty(name = "mesh.http.max-concurrent-inbox-requests", defaultValue = "32")
    int maxConcurrentInboxRequests;

    @Inject
    @ConfigProperty(name = "mesh.http.admission-wait-ms", defaultValue = "80")
    long admissionWaitMillis;

    @Inject
    MeshMeters meters;

    @Inject
    OverloadLog overloadLog;

    private AdmissionLimit requests;
    private AdmissionLimit inboxRequests;
    private MeshCounter overCapacity;

    @PostConstruct
    void init() {
        // Twice as many may wait a moment as work: a burst is absorbed, a flood is refused at once.
        requests = new AdmissionLimit(maxConcurrentRequests, 2 * maxConcurrentRequests);
        inboxRequests = new AdmissionLimit(maxConcurrentInboxRequests, 2 * maxConcurrentInboxRequests);
        overCapacity = meters.counter(
                "agent_mesh_over_capacity_total",
                "Requests refused with 503 because the server's places for them were all taken");
        meters.gauge(
                "agent_mesh_requests_in_progress",
                "Agents' requests the server is working on",
                () -> requests.inUse() + inboxRequests.inUse());
    }

    void startWithTheApplication(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // observing the event makes the bean now, so that its gauge is there before the first request
    }

    /** Takes a place among the inbox's or the others'; false when the server is at capacity (counted). */
    boolean take(boolean inbox) {
        boolean admitted;
        try {
            admitted =
                    places(inbox).acquire(Duration.ofMillis(admissionWaitMillis).toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            overCapacity.inc();
        }
        return admitted;
    }

    void release(boolean inbox) {
        places(inbox).release();
    }

    /**
     * Does the work in a place of the server's (of the inbox's with {@code inbox}), given back after; refused with
     * {@link OverCapacityException} when none came free in time.
     */
    public <T> T within(boolean inbox, String cause, Supplier<T> work) {
        if (!take(inbox)) {
            overloadLog.refused("503 over capacity (" + cause + ")");
            throw new OverCapacityException();
        }
        try {
            return work.get();
        } finally {
            release(inbox);
        }
    }

    private AdmissionLimit places(boolean inbox) {
        return inbox ? inboxRequests : requests;
    }

    /** 503: the server's places are all taken; a retry in a second may find one. */
    public static class OverCapacityException extends MeshException {

        OverCapacityException() {
            super(503, "over-capacity", "Server over capacity", OVER_CAPACITY);
        }

        @Override
        public int retryAfterSeconds() {
            return 1;
        }
    }
}

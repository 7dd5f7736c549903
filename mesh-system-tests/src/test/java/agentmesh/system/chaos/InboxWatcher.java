package agentmesh.system.chaos;

import agentmesh.system.ApiResponse;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One agent reading its inbox while the run goes on, as a live agent does: a long poll from its cursor, again at once
 * after every answer, and half a second after a failure (the server may be down). What it saw is compared at the end
 * with a fresh read of the whole inbox: a reader that resumes by cursor must see each event once, with no gap.
 */
final class InboxWatcher {

    private static final int WAIT_SECONDS = 5;
    private static final long RETRY_MILLIS = 500;

    private final MeshClient mesh;
    private final Agent agent;
    private final List<DeliveredEvent> seen = new ArrayList<>();
    private final Set<String> messageIds = new HashSet<>();
    private final List<String> errors = new ArrayList<>();
    private volatile boolean running;
    private long cursor;

    InboxWatcher(MeshClient mesh, Agent agent) {
        this.mesh = mesh;
        this.agent = agent;
    }

    void start() {
        running = true;
        poll();
    }

    void stop() {
        running = false;
    }

    synchronized List<DeliveredEvent> seen() {
        return List.copyOf(seen);
    }

    synchronized boolean hasSeen(String messageId) {
        return messageIds.contains(messageId);
    }

    /** Failures to read an answer of the mesh: a run with any is not a proof. */
    synchronized List<String> errors() {
        return List.copyOf(errors);
    }

    private void poll() {
        if (!running) {
            return;
        }
        mesh.getAsync("inbox?after=" + cursor + "&limit=500&wait=" + WAIT_SECONDS, agent.token())
                .whenComplete((page, failure) -> {
                    if (failure == null && page.status() == 200 && took(page)) {
                        poll();
                    } else {
                        CompletableFuture.delayedExecutor(RETRY_MILLIS, TimeUnit.MILLISECONDS)
                                .execute(this::poll);
                    }
                });
    }

    private boolean took(ApiResponse page) {
        try {
            take(page);
            return true;
        } catch (RuntimeException e) {
            synchronized (this) {
                errors.add("inbox page of " + agent.id() + " unreadable: " + e + " in " + page);
            }
            return false;
        }
    }

    private synchronized void take(ApiResponse page) {
        JsonObject body = page.json();
        for (JsonObject event : body.getJsonArray("events").getValuesAs(JsonObject.class)) {
            DeliveredEvent delivered = DeliveredEvent.of(agent.id(), event);
            seen.add(delivered);
            if (delivered.messageId() != null) {
                messageIds.add(delivered.messageId());
            }
        }
        cursor = body.getJsonNumber("nextCursor").longValue();
    }
}

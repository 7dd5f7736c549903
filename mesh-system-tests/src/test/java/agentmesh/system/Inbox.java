package agentmesh.system;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/** Reads an agent's inbox over the API, page by page. */
public final class Inbox {

    private Inbox() {
    }

    /** Every event in the agent's inbox after the cursor, in cursor order. */
    public static List<JsonObject> all(MeshClient mesh, Agent agent, long after) {
        List<JsonObject> events = new ArrayList<>();
        long cursor = after;
        while (true) {
            ApiResponse page = mesh.get("inbox?after=" + cursor + "&limit=500", agent.token());
            if (page.status() != 200) {
                throw new IllegalStateException("inbox of " + agent.id() + ": " + page);
            }
            List<JsonObject> batch = page.json().getJsonArray("events").getValuesAs(JsonObject.class);
            if (batch.isEmpty()) {
                return events;
            }
            events.addAll(batch);
            cursor = page.json().getJsonNumber("nextCursor").longValue();
        }
    }

    /** Waits until the agent's inbox holds at least {@code count} events, and returns them all. */
    static List<JsonObject> awaitAtLeast(MeshClient mesh, Agent agent, int count, Duration timeout) {
        await().atMost(timeout).pollInterval(Duration.ofMillis(200))
                .until(() -> all(mesh, agent, 0).size() >= count);
        return all(mesh, agent, 0);
    }

    static List<String> messageIds(List<JsonObject> events) {
        return events.stream().map(e -> e.getString("messageId")).toList();
    }
}

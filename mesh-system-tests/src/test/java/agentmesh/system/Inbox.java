package agentmesh.system;

import static org.awaitility.Awaitility.await;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads an agent's inbox over the API, page by page. */
public final class Inbox {

    private Inbox() {}

    /** Every event in the agent's inbox after the cursor, in cursor order. */
    public static List<JsonObject> all(MeshClient mesh, Agent agent, long after) {
        List<JsonObject> events = new ArrayList<>();
        long cursor = after;
        while (true) {
            ApiResponse page = page(mesh, agent, cursor);
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

    /** A page of the agent's inbox after the cursor, read as a well-behaved client reads ({@link MeshClient#read}). */
    static ApiResponse page(MeshClient mesh, Agent agent, long after) {
        return mesh.read("inbox?after=" + after + "&limit=500", agent.token());
    }

    /** Waits until the agent's inbox holds at least {@code count} events, and returns them all. */
    public static List<JsonObject> awaitAtLeast(MeshClient mesh, Agent agent, int count, Duration timeout) {
        await().atMost(timeout)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> all(mesh, agent, 0).size() >= count);
        return all(mesh, agent, 0);
    }

    /**
     * Every event in the recipient's inbox that came before a fence: a message sent now, in a task of its own, from
     * {@code sender}. Events are delivered in the order they were accepted for a recipient, so once the fence is in
     * the inbox nothing accepted before it can still arrive: a late duplicate or a missing event shows here.
     */
    static List<JsonObject> settled(MeshClient mesh, Agent sender, Agent recipient) {
        String fence = mesh.send(sender, MeshClient.textMessage(null, recipient, null, "fence"))
                .getString("messageId");
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> indexOf(all(mesh, recipient, 0), fence) >= 0);
        List<JsonObject> events = all(mesh, recipient, 0);
        return events.subList(0, indexOf(events, fence));
    }

    // Status and artifact events carry no message id.
    private static int indexOf(List<JsonObject> events, String messageId) {
        return events.stream().map(e -> e.getString("messageId", "")).toList().indexOf(messageId);
    }

    static List<String> messageIds(List<JsonObject> events) {
        return events.stream().map(e -> e.getString("messageId")).toList();
    }

    /** The message with this id in the agent's inbox, once it has arrived (within 30 s). */
    static InboxEvent.MessageEvent awaitMessage(MeshAgent agent, String messageId) {
        return await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> messages(agent).stream()
                                .filter(message -> message.messageId().equals(messageId))
                                .findFirst()
                                .orElse(null),
                        message -> message != null);
    }

    /** The messages among the agent's first 200 inbox events. */
    static List<InboxEvent.MessageEvent> messages(MeshAgent agent) {
        return agent.inbox(0L, 200, Duration.ZERO).events().stream()
                .filter(InboxEvent.MessageEvent.class::isInstance)
                .map(InboxEvent.MessageEvent.class::cast)
                .toList();
    }
}

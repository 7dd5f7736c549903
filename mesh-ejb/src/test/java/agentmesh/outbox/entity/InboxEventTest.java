package agentmesh.outbox.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InboxEventTest {

    private static final Instant AT = Instant.parse("2026-12-03T12:00:00.123456Z");
    private static final InboxEvent.Envelope TO_BOB = new InboxEvent.Envelope("t-1", "c-1", "alice", "bob", AT);
    private static final JsonArray PARTS = Json.createArrayBuilder()
            .add(Json.createObjectBuilder().add("kind", "text").add("text", "hi"))
            .build();
    private static final Set<String> ENVELOPE =
            Set.of("type", "eventId", "taskId", "contextId", "from", "to", "createdAt");

    @Test
    void aMessageEventHasTheEnvelopeAndTheMessagesFields() {
        InboxEvent event = InboxEvent.message(TO_BOB, "m-alice-1", 3, "user", PARTS);

        JsonObject json = event.payload();
        assertEquals("bob", event.recipient());
        assertEquals("message", event.type());
        assertEquals("t-1", event.taskId());
        assertEquals(union("messageId", "seq", "role", "parts"), json.keySet());
        assertEquals("message", json.getString("type"));
        assertEquals("alice", json.getString("from"));
        assertEquals("bob", json.getString("to"));
        assertEquals("c-1", json.getString("contextId"));
        assertEquals("2026-12-03T12:00:00.123456Z", json.getString("createdAt"));
        assertEquals("m-alice-1", json.getString("messageId"));
        assertEquals(3, json.getInt("seq"));
        assertEquals(PARTS, json.getJsonArray("parts"));
    }

    @Test
    void everyEventHasAnIdOfItsOwnNotTheMessageId() {
        String first =
                InboxEvent.message(TO_BOB, "m-1", 1, "user", PARTS).payload().getString("eventId");
        String second =
                InboxEvent.message(TO_BOB, "m-1", 1, "user", PARTS).payload().getString("eventId");

        assertTrue(first.matches("ev-[0-9a-f-]{36}"), first);
        assertNotEquals(first, second);
    }

    @Test
    void aStatusEventCarriesTheStatusAndLeavesOutAMissingReason() {
        JsonObject json = InboxEvent.taskStatus(TO_BOB, "working", AT, null).payload();

        assertEquals(union("status"), json.keySet());
        assertEquals("task-status", json.getString("type"));
        assertEquals("working", json.getJsonObject("status").getString("state"));
        assertFalse(json.getJsonObject("status").containsKey("reason"));
        assertEquals(
                "done",
                InboxEvent.taskStatus(TO_BOB, "completed", AT, "done")
                        .payload()
                        .getJsonObject("status")
                        .getString("reason"));
    }

    @Test
    void anArtifactEventCarriesTheArtifactAndWhetherItsPartsAreAppended() {
        JsonObject json =
                InboxEvent.artifact(TO_BOB, "a-1", "report", PARTS, false).payload();

        assertEquals(union("artifact", "append"), json.keySet());
        assertEquals("a-1", json.getJsonObject("artifact").getString("artifactId"));
        assertEquals("report", json.getJsonObject("artifact").getString("name"));
        assertEquals(PARTS, json.getJsonObject("artifact").getJsonArray("parts"));
        assertFalse(json.getBoolean("append"));
        assertTrue(InboxEvent.artifact(TO_BOB, "a-1", "report", PARTS, true)
                .payload()
                .getBoolean("append"));
    }

    private static Set<String> union(String... fields) {
        Set<String> all = new HashSet<>(ENVELOPE);
        all.addAll(Set.of(fields));
        return all;
    }
}

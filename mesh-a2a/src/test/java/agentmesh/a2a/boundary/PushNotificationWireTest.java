package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import agentmesh.a2a.relay.entity.PushConfig;
import agentmesh.json.MeshJson;
import agentmesh.outbox.entity.InboxEvent;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Push notifications on the wire: what is pushed, and configs as clients of each version write and read them. */
class PushNotificationWireTest {

    private static final InboxEvent.Envelope ENVELOPE =
            new InboxEvent.Envelope("t-1", "c-1", "bob", "alice", Instant.parse("2026-12-05T10:00:00Z"));

    @Test
    void eachInboxEventIsPushedAsAValid10StreamResponse() {
        List<InboxEvent> events = List.of(
                InboxEvent.message(
                        ENVELOPE,
                        "m-1",
                        2,
                        "agent",
                        MeshJson.array()
                                .add(MeshJson.object().add("kind", "text").add("text", "done soon"))
                                .build()),
                InboxEvent.taskStatus(ENVELOPE, "completed", Instant.parse("2026-12-05T10:00:01Z"), "all done"),
                InboxEvent.artifact(
                        ENVELOPE,
                        "a-1",
                        "report",
                        MeshJson.array()
                                .add(MeshJson.object().add("kind", "text").add("text", "the report"))
                                .build(),
                        false),
                InboxEvent.artifact(
                        ENVELOPE,
                        "a-1",
                        "report",
                        MeshJson.array()
                                .add(MeshJson.object().add("kind", "text").add("text", ", appended"))
                                .build(),
                        true));
        List<String> fields = List.of("message", "statusUpdate", "artifactUpdate", "artifactUpdate");
        A2aMapping v1 = A2aVersion.V1_0.mapping();
        for (int i = 0; i < events.size(); i++) {
            JsonObject pushed = v1.pushed(events.get(i).payload(), () -> fail("1.0 pushes the event"));
            assertEquals(Set.of(fields.get(i)), pushed.keySet(), pushed::toString);
            assertEquals(List.of(), A2a10Json.violations("StreamResponse", pushed, Set.of()), pushed::toString);
        }
        assertFalse(v1.pushed(events.get(2).payload(), () -> fail())
                .getJsonObject("artifactUpdate")
                .getBoolean("append"));
        assertTrue(
                v1.pushed(events.get(3).payload(), () -> fail())
                        .getJsonObject("artifactUpdate")
                        .getBoolean("append"),
                "an append is pushed as one");
    }

    @Test
    void theThreeShapesOfAConfigAreReadAlike() {
        PushConfig expected = new PushConfig("t-1", "hook", "https://client.example/hook", "tok", "Bearer", "cred");
        for (String shape : List.of(
                "{\"taskId\":\"t-1\",\"id\":\"hook\",\"url\":\"https://client.example/hook\",\"token\":\"tok\","
                        + "\"authentication\":{\"scheme\":\"Bearer\",\"credentials\":\"cred\"}}",
                "{\"taskId\":\"t-1\",\"configId\":\"hook\",\"config\":{\"url\":\"https://client.example/hook\","
                        + "\"token\":\"tok\",\"authentication\":{\"scheme\":\"Bearer\",\"credentials\":\"cred\"}}}",
                "{\"taskId\":\"t-1\",\"pushNotificationConfig\":{\"id\":\"hook\",\"url\":"
                        + "\"https://client.example/hook\",\"token\":\"tok\",\"authentication\":{\"schemes\":"
                        + "[\"Bearer\"],\"credentials\":\"cred\"}}}")) {
            assertEquals(expected, A2aPushConfigs.config("t-1", MeshJson.readObject(shape)), shape);
        }
    }

    @Test
    void aConfigReadBackIsValid10AndShowsNoSecrets() {
        PushConfig stored = new PushConfig("t-1", "hook", "https://client.example/hook", null, "Bearer", null);

        JsonObject shown = A2aPushConfigs.shown(A2aVersion.V1_0, stored);

        assertEquals(List.of(), A2a10Json.violations("TaskPushNotificationConfig", shown, Set.of()), shown::toString);
        JsonObject shown03 = A2aPushConfigs.shown(A2aVersion.V0_3, stored);
        assertEquals(
                "Bearer",
                shown03.getJsonObject("pushNotificationConfig")
                        .getJsonObject("authentication")
                        .getJsonArray("schemes")
                        .getString(0));
        assertFalse(shown.containsKey("token")
                || shown.getJsonObject("authentication").containsKey("credentials"));
    }
}

package agentmesh.messaging.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import agentmesh.agent.control.ContactCheck;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G1")
class FingerprintTest {

    private static final JsonArray TEXT = Json.createArrayBuilder()
            .add(Json.createObjectBuilder().add("kind", "text").add("text", "hi"))
            .build();

    private static String of(String sender, String to, String taskId, String contextId, JsonArray parts) {
        return Fingerprint.of(
                new SendCommand(sender, "m-1", to, taskId, contextId, parts, ContactCheck.IN_TRANSACTION), parts);
    }

    @Test
    void sameSendGivesSameFingerprint() {
        assertEquals(of("a", "b", "t", null, TEXT), of("a", "b", "t", null, TEXT));
    }

    @Test
    void anyDifferenceChangesTheFingerprint() {
        String base = of("a", "b", "t", null, TEXT);
        assertNotEquals(base, of("x", "b", "t", null, TEXT));
        assertNotEquals(base, of("a", "x", "t", null, TEXT));
        assertNotEquals(base, of("a", "b", null, null, TEXT));
        assertNotEquals(base, of("a", "b", "t", "c", TEXT));
        assertNotEquals(
                base,
                of(
                        "a",
                        "b",
                        "t",
                        null,
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("kind", "text")
                                        .add("text", "hi!"))
                                .build()));
    }

    @Test
    void fieldsCannotBleedIntoEachOther() {
        assertNotEquals(of("ab", "c", "t", null, TEXT), of("a", "bc", "t", null, TEXT));
    }
}

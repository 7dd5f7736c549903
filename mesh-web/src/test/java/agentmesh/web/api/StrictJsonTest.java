package agentmesh.web.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.messaging.boundary.SendMessageRequest;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbException;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    private final Jsonb jsonb = new StrictJson().getContext(SendMessageRequest.class);

    @Test
    void stringsAndNullsAreRead() {
        SendMessageRequest request = jsonb.fromJson(
                "{\"to\":\"bob\",\"messageId\":null,\"parts\":[{\"kind\":\"text\",\"text\":\"5\"}]}",
                SendMessageRequest.class);
        assertEquals("bob", request.to());
        assertNull(request.messageId());
        assertEquals(1, request.parts().size());
    }

    @Test
    void otherTypesInATextFieldAreRefused() {
        for (String value : new String[] {"5", "-1.5e3", "true", "false", "[]", "{}"}) {
            assertThrows(
                    JsonbException.class,
                    () -> jsonb.fromJson("{\"to\":" + value + "}", SendMessageRequest.class),
                    value);
        }
    }
}

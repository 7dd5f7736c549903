package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;

class A2aVersionTest {

    @Test
    void theVersionHeaderDecidesAndAnAbsentOneFollowsTheMethodsNaming() {
        assertEquals(A2aVersion.V1_0, A2aVersion.requested("1.0"));
        assertEquals(A2aVersion.V0_3, A2aVersion.requested("0.3"));
        assertNull(A2aVersion.requested(null));
        assertEquals(
                A2aError.VERSION_NOT_SUPPORTED,
                assertThrows(A2aError.class, () -> A2aVersion.requested("0.2")).code());
        assertEquals(A2aVersion.V0_3, A2aVersion.impliedBy("message/send"));
        assertEquals(A2aVersion.V1_0, A2aVersion.impliedBy("SendMessage"));
    }

    @Test
    void a10MethodWithoutTheVersionHeaderIsServedIn10AndA03OneIn03() {
        assertEquals(A2aVersion.V1_0, A2aVersion.ofJsonRpc(null, "SendMessage"));
        assertEquals(A2aVersion.V1_0, A2aVersion.ofJsonRpc("", "ListTasks"));
        assertEquals(A2aVersion.V0_3, A2aVersion.ofJsonRpc(null, "message/send"));
        assertEquals(A2aVersion.V0_3, A2aVersion.ofJsonRpc("0.3", "SendMessage"));
        assertEquals(A2aVersion.V1_0, A2aVersion.ofRest(null));
    }

    @Test
    void aPatchNumberIsNotConsidered() {
        assertEquals(A2aVersion.V1_0, A2aVersion.requested("1.0.1"));
        assertEquals(A2aVersion.V1_0, A2aVersion.requested(" 1 "));
        assertEquals(A2aVersion.V0_3, A2aVersion.requested("0.3.0"));
    }

    @Test
    void anUnsupportedVersionIsVersionNotSupportedOnJsonRpcAndHttpJson() {
        for (String version : List.of("0.5", "1.1", "2.0", "0.2.6", "latest", "1.0-rc", "99999999999")) {
            A2aError jsonRpc = assertThrows(A2aError.class, () -> A2aVersion.ofJsonRpc(version, "SendMessage"));
            assertEquals(A2aError.VERSION_NOT_SUPPORTED, jsonRpc.code(), version);
            assertEquals(
                    -32009,
                    new A2aWire.JsonRpc(JsonValue.NULL)
                            .failure(jsonRpc)
                            .getJsonObject("error")
                            .getInt("code"));
            A2aError rest = assertThrows(A2aError.class, () -> A2aVersion.ofRest(version));
            assertEquals(400, new A2aWire.Rest().status(rest), version);
            JsonObject detail = new A2aWire.Rest()
                    .failure(rest)
                    .getJsonObject("error")
                    .getJsonArray("details")
                    .getJsonObject(0);
            assertEquals("VERSION_NOT_SUPPORTED", detail.getString("reason"));
            assertEquals("a2a-protocol.org", detail.getString("domain"));
        }
        assertEquals(
                A2aError.VERSION_NOT_SUPPORTED,
                assertThrows(A2aError.class, () -> A2aVersion.ofRest("0.3")).code());
    }
}

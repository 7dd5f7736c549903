package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

class JsonRpcRequestTest {

    @Test
    void jsonThatDoesNotParseIsAParseErrorWithANullId() {
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":", A2aError.PARSE_ERROR, "null");
        assertRefused("not json", A2aError.PARSE_ERROR, "null");
    }

    @Test
    void aBodyThatIsNoRequestObjectIsAnInvalidRequestWithANullId() {
        assertRefused("[]", A2aError.INVALID_REQUEST, "null");
        assertRefused("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\"}]", A2aError.INVALID_REQUEST, "null");
        assertRefused("42", A2aError.INVALID_REQUEST, "null");
        assertRefused("\"GetTask\"", A2aError.INVALID_REQUEST, "null");
    }

    @Test
    void anIdThatIsAnObjectAnArrayOrABooleanIsAnInvalidRequestWithANullId() {
        for (String id : new String[] {"{\"a\":1}", "[1]", "true", "false"}) {
            assertRefused(
                    "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"GetTask\",\"params\":{}}",
                    A2aError.INVALID_REQUEST,
                    "null");
        }
    }

    @Test
    void aWrongJsonrpcIsAnInvalidRequestWithTheRequestsId() {
        assertRefused("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"GetTask\"}", A2aError.INVALID_REQUEST, "7");
        assertRefused("{\"jsonrpc\":2.0,\"id\":7,\"method\":\"GetTask\"}", A2aError.INVALID_REQUEST, "7");
        assertRefused("{\"id\":\"a\",\"method\":\"tasks/get\"}", A2aError.INVALID_REQUEST, "\"a\"");
    }

    @Test
    void aMissingOrIllTypedMethodIsAnInvalidRequest() {
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":7}", A2aError.INVALID_REQUEST, "7");
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":42}", A2aError.INVALID_REQUEST, "7");
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":null}", A2aError.INVALID_REQUEST, "7");
    }

    @Test
    void paramsThatAreNoStructuredValueAreAnInvalidRequest() {
        assertRefused(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"GetTask\",\"params\":\"x\"}",
                A2aError.INVALID_REQUEST,
                "7");
    }

    @Test
    void anUnknownMethodIsMethodNotFoundIn10And03Alike() {
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"GetTasks\"}", A2aError.METHOD_NOT_FOUND, "7");
        assertRefused("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tasks/list\"}", A2aError.METHOD_NOT_FOUND, "7");
    }

    @Test
    void theDraftNameOfListingPushConfigsIsReadAsThe10Method() {
        assertEquals(
                A2aOperation.METHODS.get("ListTaskPushNotificationConfigs"),
                A2aOperation.METHODS.get("ListTaskPushNotificationConfig"));
        assertEquals(A2aVersion.V1_0, A2aVersion.impliedBy("ListTaskPushNotificationConfig"));
    }

    @Test
    void paramsByPositionAreInvalidParamsNamingParams() {
        JsonRpcRequest.Refused refused = assertRefused(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"GetTask\",\"params\":[\"t-1\"]}",
                A2aError.INVALID_PARAMS,
                "7");
        assertTrue(refused.error().jsonRpc().toString().contains("\"field\":\"params\""));
        assertTrue(refused.error().getMessage().contains("params"));
    }

    @Test
    void aBodyNestedDeeperThan64LevelsIsAnInvalidRequest() {
        String deep = "[".repeat(65) + "]".repeat(65);
        assertRefused(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"GetTask\",\"params\":{\"x\":" + deep + "}}",
                A2aError.INVALID_REQUEST,
                "null");
    }

    @Test
    void theIdIsEchoedAsItWasSent() {
        for (String id :
                new String[] {"\"7\"", "7", "-3", "12345678901234567890123", "1.5", "0.000001", "null", "\"\""}) {
            JsonRpcRequest read = JsonRpcRequest.read(
                    "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"GetTask\",\"params\":{\"id\":\"t\"}}");
            JsonValue answer = new A2aWire.JsonRpc(
                            assertInstanceOf(JsonRpcRequest.Call.class, read).id())
                    .success(JsonValue.EMPTY_JSON_OBJECT);
            assertTrue(answer.toString().contains("\"id\":" + id + ","), answer.toString());
        }
        JsonRpcRequest.Refused refused = assertRefused(
                "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890.25," + "\"method\":\"Nope\"}",
                A2aError.METHOD_NOT_FOUND,
                "12345678901234567890.25");
        assertTrue(new A2aWire.JsonRpc(refused.id())
                .failure(refused.error())
                .toString()
                .contains("\"id\":12345678901234567890.25,"));
    }

    @Test
    void aWellFormedCallNamesItsOperationAndAbsentParamsAreEmpty() {
        JsonRpcRequest.Call call = assertInstanceOf(
                JsonRpcRequest.Call.class,
                JsonRpcRequest.read("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"ListTasks\"}"));
        assertEquals(A2aOperation.LIST, call.operation());
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, call.params());
        assertEquals(
                A2aOperation.GET,
                assertInstanceOf(
                                JsonRpcRequest.Call.class,
                                JsonRpcRequest.read(
                                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tasks/get\",\"params\":null}"))
                        .operation());
    }

    private static JsonRpcRequest.Refused assertRefused(String body, int code, String id) {
        JsonRpcRequest.Refused refused = assertInstanceOf(JsonRpcRequest.Refused.class, JsonRpcRequest.read(body));
        assertEquals(code, refused.error().code(), refused.error().getMessage());
        assertEquals(id, refused.id().toString());
        return refused;
    }
}

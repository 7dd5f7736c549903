package agentmesh.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class McpEnvelopeTest {

    @Test
    void aWellFormedRequestNotificationAndResponsePass() {
        assertTrue(McpEnvelope.refusal("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}")
                .isEmpty());
        assertTrue(McpEnvelope.refusal("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .isEmpty());
        assertTrue(McpEnvelope.refusal("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}")
                .isEmpty());
    }

    @Test
    void whatIsNoJsonRpcRequestIsRefusedWithItsCode() {
        assertEquals(-32700, code("{\"jsonrpc\":"));
        assertEquals(-32600, code("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]"));
        assertEquals(-32600, code("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}"));
        assertEquals(-32600, code("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}"));
        assertEquals(-32600, code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}"));
        assertEquals(-32600, code("{\"jsonrpc\":\"2.0\",\"id\":1}"));
        assertEquals(-32602, code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":[]}"));
        assertEquals(-32602, code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":null}"));
    }

    private static int code(String body) {
        Optional<McpEnvelope.Refusal> refusal = McpEnvelope.refusal(body);
        assertTrue(refusal.isPresent(), body);
        return refusal.get().code();
    }
}

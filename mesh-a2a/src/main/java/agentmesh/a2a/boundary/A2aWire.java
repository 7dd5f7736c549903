package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * How a binding frames what an operation returns: JSON-RPC wraps results and errors in a response object with the
 * request's id (always HTTP 200), the REST binding sends them bare with the error's HTTP status. Stream events are
 * framed the same way, one per SSE {@code data:} line.
 */
sealed interface A2aWire {

    JsonValue success(JsonValue result);

    JsonObject failure(A2aError error);

    int status(A2aError error);

    record JsonRpc(JsonValue id) implements A2aWire {

        @Override
        public JsonValue success(JsonValue result) {
            return MeshJson.object()
                    .add("jsonrpc", "2.0")
                    .add("id", id)
                    .add("result", result)
                    .build();
        }

        @Override
        public JsonObject failure(A2aError error) {
            return MeshJson.object()
                    .add("jsonrpc", "2.0")
                    .add("id", id)
                    .add("error", error.jsonRpc())
                    .build();
        }

        @Override
        public int status(A2aError error) {
            return 200;
        }
    }

    record Rest() implements A2aWire {

        @Override
        public JsonValue success(JsonValue result) {
            return result;
        }

        @Override
        public JsonObject failure(A2aError error) {
            return error.rest();
        }

        @Override
        public int status(A2aError error) {
            return error.httpStatus();
        }
    }
}

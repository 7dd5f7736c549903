package agentmesh.a2a.boundary;

import agentmesh.web.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * A2A's JSON-RPC 2.0 binding, posted to the agent's address itself: the request read ({@link JsonRpcRequest}), its
 * version taken from the header or the method's name, the operation its method names performed
 * ({@link A2aDispatch}). Every answer — a result or an error, whatever went wrong — is a JSON-RPC response with the
 * request's id and HTTP status 200, as the binding says.
 */
@ApplicationScoped
class JsonRpcBinding {

    @Inject
    A2aDispatch dispatch;

    void serve(Caller caller, String agent, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (!request.getMethod().equals("POST")) {
            A2aResponses.json(
                    response,
                    405,
                    new A2aWire.JsonRpc(JsonValue.NULL)
                            .failure(A2aError.invalidRequest("JSON-RPC requests are POSTed")));
            return;
        }
        JsonRpcRequest read = JsonRpcRequest.read(A2aRequests.body(request));
        if (read instanceof JsonRpcRequest.Refused refused) {
            A2aResponses.json(response, 200, new A2aWire.JsonRpc(refused.id()).failure(refused.error()));
            return;
        }
        JsonRpcRequest.Call rpc = (JsonRpcRequest.Call) read;
        A2aWire.JsonRpc wire = new A2aWire.JsonRpc(rpc.id());
        try {
            A2aVersion version = A2aVersion.ofJsonRpc(A2aRequests.versionAsked(request), rpc.method());
            dispatch.perform(
                    rpc.operation(),
                    rpc.params(),
                    new A2aCall(caller.name(), caller.tokenHash(), agent, version, wire, request, response));
        } catch (A2aError e) {
            A2aResponses.json(response, 200, wire.failure(e));
        }
    }
}

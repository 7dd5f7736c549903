package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.web.JsonBodies;
import agentmesh.web.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A2A 1.0's HTTP+JSON binding, below the agent's address: {@code POST /message:send}, {@code POST /message:stream},
 * {@code GET /tasks}, {@code GET /tasks/{id}}, {@code POST /tasks/{id}:cancel}, {@code /tasks/{id}:subscribe} and the
 * push notification configs under {@code /tasks/{id}/pushNotificationConfigs}. Each route names an operation and
 * its parameters (from the body, the path and the query), which {@link A2aDispatch} performs; results and errors go
 * bare, an error with its HTTP status. Offered in 1.0 only: a request for 0.3 here is refused.
 */
@ApplicationScoped
class RestBinding {

    private static final Pattern TASK = Pattern.compile("/tasks/([^/:]+)(:cancel|:subscribe)?");
    private static final Pattern PUSH_CONFIGS = Pattern.compile("/tasks/([^/:]+)/pushNotificationConfigs(?:/([^/]+))?");

    @Inject
    A2aDispatch dispatch;

    void serve(Caller caller, String agent, String route, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        A2aWire wire = new A2aWire.Rest();
        try {
            A2aCall call = new A2aCall(
                    caller.name(),
                    caller.tokenHash(),
                    agent,
                    A2aVersion.ofRest(A2aRequests.versionAsked(request)),
                    wire,
                    request,
                    response);
            String method = request.getMethod();
            Matcher task = TASK.matcher(route);
            if (route.equals("/message:send") && method.equals("POST")) {
                dispatch.perform(A2aOperation.SEND, body(request), call);
            } else if (route.equals("/message:stream") && method.equals("POST")) {
                dispatch.perform(A2aOperation.STREAM, body(request), call);
            } else if (route.equals("/tasks") && method.equals("GET")) {
                dispatch.perform(A2aOperation.LIST, queryParams(request).build(), call);
            } else if (task.matches() && task.group(2) == null && method.equals("GET")) {
                dispatch.perform(
                        A2aOperation.GET,
                        queryParams(request).add("id", task.group(1)).build(),
                        call);
            } else if (task.matches() && ":cancel".equals(task.group(2)) && method.equals("POST")) {
                dispatch.perform(
                        A2aOperation.CANCEL,
                        MeshJson.object().add("id", task.group(1)).build(),
                        call);
            } else if (task.matches()
                    && ":subscribe".equals(task.group(2))
                    && (method.equals("POST") || method.equals("GET"))) {
                dispatch.perform(
                        A2aOperation.SUBSCRIBE,
                        MeshJson.object().add("id", task.group(1)).build(),
                        call);
            } else if (pushConfigs(route, method, request, call)) {
                return;
            } else if (route.equals("/extendedAgentCard")) {
                throw A2aError.extendedCardNotConfigured();
            } else {
                throw A2aError.methodNotFound(method + " " + route);
            }
        } catch (A2aError e) {
            A2aResponses.json(response, wire.status(e), wire.failure(e));
        }
    }

    // The routes of push notification configs; false when the route is none of them.
    private boolean pushConfigs(String route, String method, HttpServletRequest request, A2aCall call)
            throws IOException {
        Matcher push = PUSH_CONFIGS.matcher(route);
        if (!push.matches()) {
            return false;
        }
        String taskId = push.group(1);
        String configId = push.group(2);
        if (configId == null && method.equals("POST")) {
            JsonObjectBuilder params = MeshJson.object();
            body(request).forEach(params::add);
            dispatch.perform(
                    A2aOperation.PUSH_CREATE, params.add("taskId", taskId).build(), call);
        } else if (configId == null && method.equals("GET")) {
            dispatch.perform(
                    A2aOperation.PUSH_LIST,
                    queryParams(request).add("taskId", taskId).build(),
                    call);
        } else if (configId != null && (method.equals("GET") || method.equals("DELETE"))) {
            dispatch.perform(
                    method.equals("GET") ? A2aOperation.PUSH_GET : A2aOperation.PUSH_DELETE,
                    MeshJson.object().add("taskId", taskId).add("id", configId).build(),
                    call);
        } else {
            throw A2aError.methodNotFound(method + " " + route);
        }
        return true;
    }

    private static JsonObjectBuilder queryParams(HttpServletRequest request) {
        JsonObjectBuilder params = MeshJson.object();
        request.getParameterMap().forEach((name, values) -> params.add(name, values[0]));
        return params;
    }

    // The body: the request message itself, an object; errors as JSON-RPC's, with their HTTP status.
    private static JsonObject body(HttpServletRequest request) throws IOException {
        String text = A2aRequests.body(request);
        if (JsonBodies.depth(text) > JsonRpcRequest.MAX_DEPTH) {
            throw A2aError.invalidRequest("the body nests deeper than " + JsonRpcRequest.MAX_DEPTH + " levels");
        }
        try {
            if (!(MeshJson.readValue(text) instanceof JsonObject object)) {
                throw A2aError.invalidRequest("the body must be a JSON object");
            }
            return object;
        } catch (JsonException e) {
            throw A2aError.parse(String.valueOf(e.getMessage()));
        }
    }
}

package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.AgentDescription;
import agentmesh.platform.MeshJson;
import agentmesh.task.control.TaskPage;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.web.JsonBodies;
import agentmesh.web.ProblemResponses;
import agentmesh.web.security.Caller;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The A2A facade, {@code /mesh/a2a/{agentId}}: every registered agent is an A2A agent there (and at an origin of its
 * own when the root module forwards its requests here: its card then names that origin, {@link AgentAddresses}).
 * Its card is public; everything else needs the calling agent's own bearer token, checked, rate-limited and admitted
 * at the door as on the mesh API ({@link agentmesh.web.limits.AgentGate}). JSON-RPC 2.0 is posted to the agent's
 * address (A2A 1.0 and 0.3 methods, see {@link A2aVersion}); the HTTP+JSON binding of 1.0 lives below it
 * ({@code /message:send}, {@code /tasks/{id}}, …). Streams and blocking sends wait without holding a thread
 * ({@link TaskWatches}).
 */
@WebServlet(urlPatterns = "/a2a/*", asyncSupported = true)
public class A2aServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(A2aServlet.class.getName());
    private static final Pattern ADDRESS = Pattern.compile("/([A-Za-z0-9._@-]{3,128})(/.*)?");
    private static final Pattern TASK = Pattern.compile("/tasks/([^/:]+)(:cancel|:subscribe)?");
    private static final Pattern PUSH_CONFIGS = Pattern.compile("/tasks/([^/:]+)/pushNotificationConfigs(?:/([^/]+))?");
    private static final String VERSION_HEADER = "A2A-Version";

    @Inject
    A2aTasks tasks;

    @Inject
    TaskWatches watches;

    @EJB
    TaskReader reader;

    @EJB
    AgentRegistry registry;

    @Inject
    A2aPushConfigs pushConfigs;

    @Inject
    CardCache cards;

    @Inject
    AgentAddresses addresses;

    @Inject
    @ConfigProperty(name = "mesh.a2a.blocking-wait-seconds", defaultValue = "60")
    int blockingWaitSeconds;

    /** Who calls, about which agent, through which binding. */
    private record Call(String caller, String tokenHash, String agent, A2aVersion version, A2aWire wire,
                        HttpServletRequest request, HttpServletResponse response) {
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Matcher address = ADDRESS.matcher(request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!address.matches()) {
            ProblemResponses.write(response, 404, "not-found", "Not found", "A2A addresses are /a2a/{agentId}");
            return;
        }
        String agent = address.group(1);
        if (AgentAddresses.atAgentHost(request)) {
            // The root module forwards an agent's host with its label in the agent's place.
            Optional<String> atHost = cards.agentAtHost(agent);
            if (atHost.isEmpty()) {
                ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent at this host");
                return;
            }
            agent = atHost.get();
        }
        String route = address.group(2) == null ? "" : address.group(2);
        if (route.equals("/.well-known/agent-card.json") || route.equals("/.well-known/agent.json")) {
            card(agent, request, response);
            return;
        }
        Caller caller = (Caller) request.getAttribute(Caller.class.getName()); // found by AgentGate
        if (caller == null || caller.admin()) {
            ProblemResponses.write(response, 403, "forbidden", "Forbidden",
                    "A2A calls are made with an agent's own token: the caller is that agent");
            return;
        }
        if (!registry.exists(agent)) {
            ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent " + agent);
            return;
        }
        if (route.isEmpty() || route.equals("/")) {
            jsonRpc(caller, agent, request, response);
        } else {
            rest(caller, agent, route, request, response);
        }
    }

    private void card(String agent, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.getMethod().equals("GET")) {
            ProblemResponses.write(response, 405, "method-not-allowed", "Method not allowed", "The card is read");
            return;
        }
        Optional<AgentDescription> description;
        try {
            description = cards.description(agent);
        } catch (RuntimeException e) {
            // The database failed (a connection lost, restarting): a 503 to retry, not the container's HTML 500.
            LOG.log(Level.FINE, "The card of " + agent + " could not be read", e);
            response.setHeader("Retry-After", "1");
            ProblemResponses.write(response, 503, "service-unavailable", "Service unavailable",
                    "The card could not be read now; retry in 1 s");
            return;
        }
        if (description.isEmpty()) {
            ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent " + agent);
            return;
        }
        // The cache holds descriptions only; URLs are made per request, so no request's Host reaches another's card.
        String base = addresses.cardAddress(agent, request);
        response.setHeader("Cache-Control", "max-age=60");
        response.setHeader("Vary", VERSION_HEADER);
        A2aResponses.json(response, 200, AgentCards.card(description.get(), base, cardView(request)));
    }

    // The card is read before a version is negotiated, and lists the versions spoken: a version this facade does
    // not speak is answered with the 1.0 card, whose interfaces say what it does speak.
    private AgentCards.View cardView(HttpServletRequest request) {
        try {
            return AgentCards.View.of(requestedVersion(request), cards.unversionedView());
        } catch (A2aError e) {
            return AgentCards.View.V1_0;
        }
    }

    // ---- JSON-RPC 2.0 ----

    private void jsonRpc(Caller caller, String agent, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (!request.getMethod().equals("POST")) {
            A2aResponses.json(response, 405, new A2aWire.JsonRpc(JsonValue.NULL).failure(
                    A2aError.invalidRequest("JSON-RPC requests are POSTed")));
            return;
        }
        JsonRpcRequest read = JsonRpcRequest.read(body(request));
        if (read instanceof JsonRpcRequest.Refused refused) {
            A2aResponses.json(response, 200, new A2aWire.JsonRpc(refused.id()).failure(refused.error()));
            return;
        }
        JsonRpcRequest.Call rpc = (JsonRpcRequest.Call) read;
        A2aWire.JsonRpc wire = new A2aWire.JsonRpc(rpc.id());
        try {
            A2aVersion version = A2aVersion.ofJsonRpc(versionAsked(request), rpc.method());
            perform(rpc.operation(), rpc.params(), new Call(caller.name(), caller.tokenHash(), agent, version, wire,
                    request, response));
        } catch (A2aError e) {
            A2aResponses.json(response, 200, wire.failure(e));
        }
    }

    // ---- HTTP+JSON (REST), A2A 1.0 ----

    private void rest(Caller caller, String agent, String route, HttpServletRequest request,
                      HttpServletResponse response) throws IOException {
        A2aWire wire = new A2aWire.Rest();
        try {
            Call call = new Call(caller.name(), caller.tokenHash(), agent, A2aVersion.ofRest(versionAsked(request)),
                    wire, request, response);
            String method = request.getMethod();
            Matcher task = TASK.matcher(route);
            if (route.equals("/message:send") && method.equals("POST")) {
                perform(A2aVersion.Operation.SEND, restBody(request), call);
            } else if (route.equals("/message:stream") && method.equals("POST")) {
                perform(A2aVersion.Operation.STREAM, restBody(request), call);
            } else if (route.equals("/tasks") && method.equals("GET")) {
                perform(A2aVersion.Operation.LIST, queryParams(request).build(), call);
            } else if (task.matches() && task.group(2) == null && method.equals("GET")) {
                perform(A2aVersion.Operation.GET, queryParams(request).add("id", task.group(1)).build(), call);
            } else if (task.matches() && ":cancel".equals(task.group(2)) && method.equals("POST")) {
                perform(A2aVersion.Operation.CANCEL, MeshJson.object().add("id", task.group(1)).build(), call);
            } else if (task.matches() && ":subscribe".equals(task.group(2))
                    && (method.equals("POST") || method.equals("GET"))) {
                perform(A2aVersion.Operation.SUBSCRIBE, MeshJson.object().add("id", task.group(1)).build(), call);
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

    // The HTTP+JSON routes of push notification configs; false when the route is none of them.
    private boolean pushConfigs(String route, String method, HttpServletRequest request, Call call)
            throws IOException {
        Matcher push = PUSH_CONFIGS.matcher(route);
        if (!push.matches()) {
            return false;
        }
        String taskId = push.group(1);
        String configId = push.group(2);
        if (configId == null && method.equals("POST")) {
            JsonObjectBuilder params = MeshJson.object();
            restBody(request).forEach(params::add);
            perform(A2aVersion.Operation.PUSH_CREATE, params.add("taskId", taskId).build(), call);
        } else if (configId == null && method.equals("GET")) {
            perform(A2aVersion.Operation.PUSH_LIST, queryParams(request).add("taskId", taskId).build(), call);
        } else if (configId != null && (method.equals("GET") || method.equals("DELETE"))) {
            perform(method.equals("GET") ? A2aVersion.Operation.PUSH_GET : A2aVersion.Operation.PUSH_DELETE,
                    MeshJson.object().add("taskId", taskId).add("id", configId).build(), call);
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

    // ---- the operations, whatever the binding ----

    private void perform(A2aVersion.Operation operation, JsonObject params, Call call) throws IOException {
        try {
            switch (operation) {
                case SEND -> send(params, call);
                case STREAM -> streamingSend(params, call);
                case GET -> answer(call, call.version().task(tasks.get(call.caller(), call.agent(),
                        A2aParams.requiredText(params, "id"),
                        A2aParams.historyLength(params, TaskReader.MAX_HISTORY))));
                case LIST -> list(params, call);
                case CANCEL -> answer(call, call.version().task(tasks.cancel(call.caller(), call.agent(),
                        A2aParams.requiredText(params, "id"))));
                case SUBSCRIBE -> subscribe(A2aParams.requiredText(params, "id"), call);
                case PUSH_CREATE -> answer(call, pushConfigs.create(call.caller(), call.agent(), call.version(),
                        params));
                case PUSH_GET -> answer(call, pushConfigs.get(call.caller(), call.agent(), call.version(), params));
                case PUSH_LIST -> answer(call, pushConfigs.list(call.caller(), call.agent(), call.version(),
                        params));
                case PUSH_DELETE -> answer(call, pushConfigs.delete(call.caller(), call.agent(), call.version(),
                        params));
                case EXTENDED_CARD -> throw A2aError.extendedCardNotConfigured();
            }
        } catch (A2aError e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A2A " + operation + " for " + call.caller() + " failed", e);
            throw A2aError.internal();
        }
    }

    private void send(JsonObject params, Call call) throws IOException {
        JsonObject configuration = configuration(params);
        int historyLength = A2aParams.historyLength(configuration, TaskReader.MAX_HISTORY);
        boolean returnImmediately = call.version() == A2aVersion.V1_0
                ? configuration.getBoolean("returnImmediately", false)
                : !configuration.getBoolean("blocking", true);
        if (returnImmediately) {
            String taskId = sendWithPush(params, configuration, call);
            answer(call, call.version().result("task", call.version().task(reader.read(taskId, call.caller(),
                    historyLength))));
            return;
        }
        // The place before the send: a send refused for want of one has stored nothing.
        withPlace(call, null, place -> {
            String taskId = sendWithPush(params, configuration, call);
            new BlockingSend(waiting(call, taskId), place, historyLength, reader, watches,
                    call.request().startAsync()).begin(Duration.ofSeconds(blockingWaitSeconds));
        });
    }

    // The send, and the push notification config its configuration asks for, made for its task.
    private String sendWithPush(JsonObject params, JsonObject configuration, Call call) {
        Optional<A2aPushConfigs.WithSend> push = pushConfigs.requestedWithSend(call.caller(), call.version(),
                configuration);
        String taskId = tasks.send(call.caller(), call.agent(), params, call.version());
        push.ifPresent(requested -> pushConfigs.createWithSend(call.caller(), call.version(), requested, taskId));
        return taskId;
    }

    private static JsonObject configuration(JsonObject params) {
        return params.get("configuration") instanceof JsonObject c ? c : JsonValue.EMPTY_JSON_OBJECT;
    }

    private void streamingSend(JsonObject params, Call call) {
        withPlace(call, null, place -> {
            String taskId = sendWithPush(params, configuration(params), call);
            stream(taskId, place, call);
        });
    }

    private void stream(String taskId, WaitPlaces.Place place, Call call) {
        new TaskStream(waiting(call, taskId), place, reader, watches, call.request().startAsync()).begin();
    }

    // One of the caller's places for requests that wait, given back when the request does not begin to wait.
    private void withPlace(Call call, String taskId, Consumer<WaitPlaces.Place> begin) {
        WaitPlaces.Place place = watches.takePlace(call.caller(), taskId, call.response());
        try {
            begin.accept(place);
        } catch (RuntimeException e) {
            place.release();
            throw e;
        }
    }

    private void subscribe(String taskId, Call call) {
        TaskView task = tasks.get(call.caller(), call.agent(), taskId, 0);
        if (A2aVersion.isStreamEnd(task.status().state())) {
            throw A2aError.unsupported("task " + taskId + " is " + task.status().state()
                    + ": a terminal task has nothing more to stream; read it with GetTask");
        }
        withPlace(call, taskId, place -> stream(taskId, place, call));
    }

    private void list(JsonObject params, Call call) throws IOException {
        ListTasksQuery query = ListTasksQuery.of(params);
        TaskPage page = tasks.list(call.caller(), call.agent(), query);
        JsonArrayBuilder found = MeshJson.array();
        page.tasks().forEach(listed -> found.add(call.version().listedTask(listed, query.includeArtifacts())));
        answer(call, MeshJson.object().add("tasks", found)
                .add("nextPageToken", page.nextCursor() == null ? "" : page.nextCursor())
                .add("pageSize", query.pageSize())
                .add("totalSize", tasks.count(call.caller(), call.agent(), query)).build());
    }

    private static WaitingCall.Call waiting(Call call, String taskId) {
        return new WaitingCall.Call(call.caller(), call.tokenHash(), call.agent(), taskId, call.version(),
                call.wire());
    }

    private static void answer(Call call, JsonValue result) throws IOException {
        A2aResponses.json(call.response(), 200, call.wire().success(result));
    }

    // ---- reading requests ----

    // The header, else the query parameter the specification allows instead of it.
    private static String versionAsked(HttpServletRequest request) {
        String header = request.getHeader(VERSION_HEADER);
        return header != null ? header : request.getParameter(VERSION_HEADER);
    }

    private static A2aVersion requestedVersion(HttpServletRequest request) {
        return A2aVersion.requested(versionAsked(request));
    }

    // The body was read at the door, within its bounds (AgentGate).
    private static String body(HttpServletRequest request) throws IOException {
        try (InputStream in = request.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    // An HTTP+JSON body: the request message itself, an object; errors as JSON-RPC's, with their HTTP status.
    private static JsonObject restBody(HttpServletRequest request) throws IOException {
        String text = body(request);
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

package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.TaskPage;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The facade's operations, whatever the binding that asked for them ({@link JsonRpcBinding}, {@link RestBinding}):
 * each performed for the calling agent on the agent of the address ({@link A2aTasks}, {@link A2aPushConfigs}) and
 * answered in the call's version and binding. Sends that wait for their task and streams are suspended without
 * holding a thread ({@link BlockingSend}, {@link TaskStream}), each in one of the caller's places
 * ({@link WaitPlaces}).
 *
 * <p>Invariant: an operation ends in its result or in an {@link A2aError}; anything else that goes wrong is logged
 * and answered as an internal error, never as the container's page.
 */
@ApplicationScoped
class A2aDispatch {

    private static final Logger LOG = Logger.getLogger(A2aDispatch.class.getName());

    @Inject
    Tracing tracing;

    @Inject
    A2aTasks tasks;

    @Inject
    TaskWatches watches;

    @EJB
    TaskReader reader;

    @Inject
    A2aPushConfigs pushConfigs;

    @Inject
    @ConfigProperty(name = "mesh.a2a.blocking-wait-seconds", defaultValue = "60")
    int blockingWaitSeconds;

    void perform(A2aOperation operation, JsonObject params, A2aCall call) throws IOException {
        try {
            switch (operation) {
                case SEND -> send(params, call);
                case STREAM -> streamingSend(params, call);
                case GET ->
                    answer(
                            call,
                            call.version()
                                    .mapping()
                                    .task(tasks.get(
                                            call.caller(),
                                            call.agent(),
                                            A2aParams.requiredText(params, "id"),
                                            A2aParams.historyLength(params, TaskReader.MAX_HISTORY))));
                case LIST -> list(params, call);
                case CANCEL ->
                    answer(
                            call,
                            call.version()
                                    .mapping()
                                    .task(tasks.cancel(
                                            call.caller(), call.agent(), A2aParams.requiredText(params, "id"))));
                case SUBSCRIBE -> subscribe(A2aParams.requiredText(params, "id"), call);
                case PUSH_CREATE ->
                    answer(call, pushConfigs.create(call.caller(), call.agent(), call.version(), params));
                case PUSH_GET -> answer(call, pushConfigs.get(call.caller(), call.agent(), call.version(), params));
                case PUSH_LIST -> answer(call, pushConfigs.list(call.caller(), call.agent(), call.version(), params));
                case PUSH_DELETE ->
                    answer(call, pushConfigs.delete(call.caller(), call.agent(), call.version(), params));
                case EXTENDED_CARD -> throw A2aError.extendedCardNotConfigured();
            }
        } catch (A2aError e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A2A " + operation + " for " + call.caller() + " failed", e);
            throw A2aError.internal();
        }
    }

    private void send(JsonObject params, A2aCall call) throws IOException {
        JsonObject configuration = configuration(params);
        int historyLength = A2aParams.historyLength(configuration, TaskReader.MAX_HISTORY);
        boolean returnImmediately = call.version() == A2aVersion.V1_0
                ? configuration.getBoolean("returnImmediately", false)
                : !configuration.getBoolean("blocking", true);
        if (returnImmediately) {
            String taskId = sendWithPush(params, configuration, call);
            A2aMapping mapping = call.version().mapping();
            answer(call, mapping.result("task", mapping.task(reader.read(taskId, call.caller(), historyLength))));
            return;
        }
        // The place before the send: a send refused for want of one has stored nothing.
        withPlace(call, null, place -> {
            String taskId = sendWithPush(params, configuration, call);
            new BlockingSend(
                            call.waitingOn(taskId),
                            place,
                            historyLength,
                            reader,
                            watches,
                            call.request().startAsync())
                    .begin(Duration.ofSeconds(blockingWaitSeconds));
        });
    }

    // The send, and the push notification config its configuration asks for, made for its task.
    private String sendWithPush(JsonObject params, JsonObject configuration, A2aCall call) {
        Optional<A2aPushConfigs.WithSend> push =
                pushConfigs.requestedWithSend(call.caller(), call.version(), configuration);
        String taskId = traced(params, call, () -> tasks.send(call.caller(), call.agent(), params, call.version()));
        push.ifPresent(requested -> pushConfigs.createWithSend(call.caller(), call.version(), requested, taskId));
        return taskId;
    }

    /**
     * The send in its span (SERVER, {@code SendMessage}), continuing the caller's trace: the W3C context in the
     * message's {@code metadata} ({@code traceparent}, {@code tracestate}), else in the request's HTTP headers
     * (docs/TRACING.md).
     */
    private String traced(JsonObject params, A2aCall call, Supplier<String> send) {
        JsonObject metadata =
                params.get("message") instanceof JsonObject message && message.get("metadata") instanceof JsonObject m
                        ? m
                        : JsonValue.EMPTY_JSON_OBJECT;
        boolean inMetadata = metadata.get("traceparent") instanceof JsonString;
        String traceparent =
                inMetadata ? metadata.getString("traceparent") : call.request().getHeader("traceparent");
        String tracestate = inMetadata
                ? (metadata.get("tracestate") instanceof JsonString state ? state.getString() : null)
                : call.request().getHeader("tracestate");
        Span span = tracing.server("SendMessage", traceparent, tracestate);
        if (span == null) {
            return send.get();
        }
        RuntimeException failure = null;
        try (Scope scope = span.makeCurrent()) {
            if (span.isRecording()) {
                span.setAttribute("rpc.system", "jsonrpc").setAttribute("rpc.method", "SendMessage");
            }
            return send.get();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            Tracing.end(span, failure);
        }
    }

    private static JsonObject configuration(JsonObject params) {
        return params.get("configuration") instanceof JsonObject c ? c : JsonValue.EMPTY_JSON_OBJECT;
    }

    private void streamingSend(JsonObject params, A2aCall call) {
        withPlace(call, null, place -> {
            String taskId = sendWithPush(params, configuration(params), call);
            stream(taskId, place, call);
        });
    }

    private void stream(String taskId, WaitPlaces.Place place, A2aCall call) {
        new TaskStream(
                        call.waitingOn(taskId),
                        place,
                        reader,
                        watches,
                        call.request().startAsync())
                .begin();
    }

    // One of the caller's places for requests that wait, given back when the request does not begin to wait.
    private void withPlace(A2aCall call, String taskId, Consumer<WaitPlaces.Place> begin) {
        WaitPlaces.Place place = watches.takePlace(call.caller(), taskId, call.response());
        try {
            begin.accept(place);
        } catch (RuntimeException e) {
            place.release();
            throw e;
        }
    }

    private void subscribe(String taskId, A2aCall call) {
        TaskView task = tasks.get(call.caller(), call.agent(), taskId, 0);
        if (A2aStates.isStreamEnd(task.status().state())) {
            throw A2aError.unsupported("task " + taskId + " is " + task.status().state()
                    + ": a terminal task has nothing more to stream; read it with GetTask");
        }
        withPlace(call, taskId, place -> stream(taskId, place, call));
    }

    private void list(JsonObject params, A2aCall call) throws IOException {
        ListTasksQuery query = ListTasksQuery.of(params);
        TaskPage page = tasks.list(call.caller(), call.agent(), query);
        JsonArrayBuilder found = MeshJson.array();
        page.tasks()
                .forEach(listed -> found.add(call.version().mapping().listedTask(listed, query.includeArtifacts())));
        answer(
                call,
                MeshJson.object()
                        .add("tasks", found)
                        .add("nextPageToken", page.nextCursor() == null ? "" : page.nextCursor())
                        .add("pageSize", query.pageSize())
                        .add("totalSize", tasks.count(call.caller(), call.agent(), query))
                        .build());
    }

    private static void answer(A2aCall call, JsonValue result) throws IOException {
        A2aResponses.json(call.response(), 200, call.wire().success(result));
    }
}

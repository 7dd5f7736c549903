package agentmesh.a2a.relay.control;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.json.MeshJson;
import agentmesh.problem.MeshException;
import agentmesh.tracing.TraceContext;
import io.opentelemetry.context.Scope;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;

/**
 * Delivers the inboxes of remote agents to their A2A servers, on the mesh's one outbound mechanism
 * ({@link CursorRelay}: in inbox order, one event at a time, leased, retried, parked). An event becomes:
 * a message a SendMessage (its A2A {@code messageId} and, until the server has named its own, its {@code contextId}
 * are the sender's scoped to the sender ({@link WireIds}); the task the remote server's own once it has named it;
 * {@code returnImmediately}: accepted is acknowledged), a cancel of the task a CancelTask; other events concern the
 * agent's own actions and are passed over. The answer is applied ({@link RemoteAnswers}); a task still running after
 * it is followed ({@link RemoteFollower}). A server out of reach is tried again with backoff
 * ({@code mesh.a2a.remote.backoff-base-ms}, doubling, at most a minute) for as long as it takes: its events wait in
 * order. An event the server refuses {@code mesh.a2a.remote.max-attempts} times is parked as a dead letter.
 *
 * <p>Exactly-once effect: an event is at least once at the remote server (a crash between its answer and the
 * mesh's note of it sends it again, with the same {@code messageId}); a server that keeps the message ids it has
 * handled, as A2A servers should, handles it once, and applying its answer twice changes nothing.
 */
@ApplicationScoped
public class RemoteRelay extends CursorRelay<RemoteAgents.Target> {

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    RemoteAgents agents;

    @Inject
    RemoteAnswers answers;

    @Inject
    RemoteFollower follower;

    @Inject
    InboxReader inbox;

    @Inject
    InboxSignals signals;

    @Inject
    RemoteSettings settings;

    A2aCalls calls; // set at start

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        calls = settings.calls();
        start("mesh-a2a-relay", settings.relayThreads(), threadFactory, inbox, signals);
    }

    @PreDestroy
    @Override
    protected void stop() {
        super.stop();
    }

    @Override
    protected CursorRelay.Targets<RemoteAgents.Target> targets() {
        return agents;
    }

    @Override
    protected void leased(List<RemoteAgents.Target> targets) {
        follower.follow(targets, calls);
    }

    @Override
    protected Optional<JsonObject> next(RemoteAgents.Target target, long cursor) {
        InboxPage page = inbox.after(target.agentId(), cursor, 1);
        return page.events().stream().findFirst();
    }

    @Override
    protected Retries retries() {
        return new Retries(settings.relayRetryPolicy(), false);
    }

    /** Calls the remote server for one inbox event and applies its answer; a result for events there is no call for. */
    @Override
    protected A2aCalls.Reply deliver(RemoteAgents.Target target, JsonObject event, int attempt) {
        TraceContext trace = TraceContext.ofEvent(event);
        A2aVersion version = A2aVersion.of(target.protocolVersion());
        String taskId = event.getString("taskId", null);
        String from = event.getString("from", null);
        RemoteAgents.RemoteTask remoteTask =
                taskId == null ? null : agents.remoteTask(taskId).orElse(null);
        String remoteTaskId = remoteTask == null ? null : remoteTask.remoteTaskId();
        A2aCalls.Reply reply;
        switch (event.getString("type", "")) {
            case "message" -> {
                JsonObjectBuilder params = MeshJson.object()
                        .add(
                                "message",
                                version.mapping()
                                        .outgoingMessage(
                                                WireIds.messageId(target.agentId(), from, event.getString("messageId")),
                                                wireContextId(
                                                        target, from, event.getString("contextId", null), remoteTask),
                                                remoteTaskId,
                                                event.getJsonArray("parts")));
                // Accepted is acknowledged: the next event need not wait for this one's work to end.
                params.add(
                        "configuration",
                        version == A2aVersion.V1_0
                                ? MeshJson.object().add("returnImmediately", true)
                                : MeshJson.object().add("blocking", false));
                reply = calls.call(
                        target,
                        version == A2aVersion.V1_0 ? "SendMessage" : "message/send",
                        params.build(),
                        trace,
                        attempt);
            }
            case "task-status" -> {
                boolean canceled =
                        "canceled".equals(event.getJsonObject("status").getString("state", ""));
                if (!canceled || remoteTaskId == null) {
                    return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT);
                }
                reply = calls.call(
                        target,
                        version == A2aVersion.V1_0 ? "CancelTask" : "tasks/cancel",
                        MeshJson.object().add("id", remoteTaskId).build(),
                        trace,
                        attempt);
                if (reply instanceof A2aCalls.Refused) {
                    return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT); // over already on its side
                }
            }
            default -> {
                return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT);
            }
        }
        if (reply instanceof A2aCalls.Result result && !result.result().isEmpty() && taskId != null) {
            // The answer's events continue the trace of the event it answers, as an agent's answer sent with the
            // context of its delivery does (a null resource is skipped).
            try (Scope inTrace = trace == null ? null : trace.asParent().makeCurrent()) {
                answers.apply(target.agentId(), taskId, from, RemoteAnswer.of(result.result(), version));
            } catch (MeshException e) {
                if (e.retryAfterSeconds() > 0) {
                    return new A2aCalls.Unreachable("the mesh cannot take the answer now: " + e.getMessage());
                }
                return new A2aCalls.Refused("the answer could not be applied: " + e.getMessage());
            } catch (RuntimeException e) {
                return new A2aCalls.Refused("the answer could not be read: " + e.getMessage());
            }
        }
        return reply;
    }

    // The remote server's own context once it has named one for the task (it may refuse another); until then the
    // sender's, scoped to the sender.
    private static String wireContextId(
            RemoteAgents.Target target, String from, String contextId, RemoteAgents.RemoteTask remoteTask) {
        if (remoteTask != null && remoteTask.remoteContextId() != null) {
            return remoteTask.remoteContextId();
        }
        return contextId == null ? null : WireIds.contextId(target.agentId(), from, contextId);
    }
}

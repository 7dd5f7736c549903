package agentmesh.a2a.relay.control;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.task.control.TaskReader;
import agentmesh.tracing.TraceContext;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Pushes a task's updates to an A2A client's webhook, on the mesh's one outbound mechanism ({@link CursorRelay}):
 * the updates are the client agent's inbox events of the task — the other agent's messages, status changes and
 * artifacts — each POSTed in inbox order ({@link A2aVersion#pushed}) with the client's token
 * ({@code X-A2A-Notification-Token}) and credentials ({@code Authorization}). A webhook that fails is tried again with
 * backoff, the updates behind it waiting in order, {@code mesh.a2a.push.max-attempts} times in all (out of reach or
 * refusing alike); then the update is parked as a dead letter for an admin to replay, and the next ones move on.
 * Once the task's final status is pushed the config ends: nothing more comes.
 *
 * <p>At least once: a crash between the webhook's 2xx and the mesh's note of it pushes the update again. Each
 * carries what names it — the message id, the status timestamp, the artifact id — for a receiver to deduplicate.
 */
@ApplicationScoped
public class PushRelay extends CursorRelay<PushConfigs.Target> {

    static final String TOKEN_HEADER = "X-A2A-Notification-Token";
    private static final Set<String> FINAL = Set.of("completed", "failed", "canceled", "rejected");

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    PushConfigs configs;

    @Inject
    InboxReader inbox;

    @Inject
    InboxSignals signals;

    @Inject
    RemoteSettings settings;

    @EJB
    TaskReader tasks;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        start("mesh-a2a-push", settings.pushThreads(), threadFactory, inbox, signals);
    }

    @PreDestroy
    @Override
    protected void stop() {
        super.stop();
    }

    // Webhooks wait on signals and their retries: a sweep only renews leases and takes over another instance's.
    @Override
    protected Duration sweep() {
        return Duration.ofSeconds(10);
    }

    @Override
    protected CursorRelay.Targets<PushConfigs.Target> targets() {
        return configs;
    }

    @Override
    protected Optional<JsonObject> next(PushConfigs.Target target, long cursor) {
        return configs.next(target, cursor);
    }

    @Override
    protected A2aCalls.Reply deliver(PushConfigs.Target target, JsonObject event, int attempt) {
        if (target.secretProblem() != null) {
            return new A2aCalls.Unreachable(target.secretProblem());
        }
        A2aVersion version = A2aVersion.of(target.protocolVersion());
        JsonObject payload = version.mapping().pushed(event, () -> tasks.read(target.taskId(), target.agentId(), 0));
        Map<String, String> headers = new LinkedHashMap<>();
        if (target.token() != null) {
            headers.put(TOKEN_HEADER, target.token());
        }
        if (target.authScheme() != null) {
            headers.put(
                    "Authorization",
                    target.authScheme() + (target.authCredentials() == null ? "" : " " + target.authCredentials()));
        }
        return settings.calls()
                .post(
                        target.url(),
                        headers,
                        version == A2aVersion.V1_0 ? "application/a2a+json" : "application/json",
                        payload.toString(),
                        TraceContext.ofEvent(event),
                        attempt);
    }

    @Override
    protected boolean delivered(PushConfigs.Target target, JsonObject event) {
        if ("task-status".equals(event.getString("type", ""))
                && FINAL.contains(event.getJsonObject("status").getString("state", ""))) {
            configs.ended(target);
            return false;
        }
        return true;
    }

    @Override
    protected Retries retries() {
        return new Retries(settings.pushRetryPolicy(), true);
    }
}

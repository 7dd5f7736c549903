package agentmesh.a2a.remote;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.platform.MeshException;
import agentmesh.platform.MeshJson;
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

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers the inboxes of remote agents to their A2A servers. For each agent, one event at a time in inbox order:
 * a message becomes a SendMessage (its A2A {@code messageId} and, until the server has named its own, its
 * {@code contextId} are the sender's scoped to the sender ({@link WireIds}); the task the remote server's own once it
 * has named it; {@code returnImmediately}: accepted is acknowledged), a cancel of the task a CancelTask; other events
 * concern the agent's own actions and are passed over. The next event goes only once the remote server has answered
 * this one (a JSON-RPC result) and the answer has been applied ({@link RemoteAnswers}); a task still running after it
 * is followed ({@link RemoteFollower}). A server out of reach is tried again with backoff
 * ({@code mesh.a2a.remote.backoff-base-ms}, doubling, at most a minute) for as long as it takes: its events wait in
 * order. A server that refuses an event ({@code mesh.a2a.remote.max-attempts} times) has it parked as a dead letter,
 * for an admin to replay, and the events behind it move on; a call the {@link UrlPolicy} does not allow parks the
 * event at once, with the reason.
 *
 * <p>Exactly-once effect: an event is at least once at the remote server (a crash between its answer and the
 * mesh's note of it sends it again, with the same {@code messageId}); a server that keeps the message ids it has
 * handled, as A2A servers should, handles it once, and applying its answer twice changes nothing.
 *
 * <p>Runs on one container thread: woken by an inbox signal of a remote agent, and once a second; the calls run on
 * {@code mesh.a2a.remote.relay-threads} workers, one agent on one worker at a time, for one turn of at most
 * {@link #EVENTS_PER_TURN} events or {@link #TURN_TIME} — so a slow remote holds one worker for a while, not all of
 * them for long, and every call is bounded ({@link RemoteLimits}).
 */
@ApplicationScoped
public class RemoteRelay {

    private static final Logger LOG = Logger.getLogger(RemoteRelay.class.getName());
    private static final int EVENTS_PER_TURN = 50;
    private static final Duration TURN_TIME = Duration.ofSeconds(10);
    private static final Duration SWEEP = Duration.ofSeconds(1);
    // Without remote agents the relay costs one query per this; an agent attached on another instance is picked up
    // within it.
    private static final Duration ID_REFRESH = Duration.ofSeconds(10);

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

    private final Set<String> remoteIds = ConcurrentHashMap.newKeySet();
    private final Set<String> busy = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final AtomicBoolean idsDirty = new AtomicBoolean(true);
    private long idsReadAt;
    private final Consumer<InboxChange> listener = change -> {
        if (remoteIds.contains(change.agentId())) {
            trigger();
        }
    };
    private volatile boolean stopped;
    A2aCalls calls; // set at start
    private ExecutorService workers;
    private Thread thread;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        calls = settings.calls();
        workers = Executors.newFixedThreadPool(settings.relayThreads(), threadFactory);
        signals.listen(listener);
        thread = threadFactory.newThread(this::run);
        thread.setName("mesh-a2a-relay");
        thread.start();
    }

    @PreDestroy
    void stop() {
        stopped = true;
        signals.unlisten(listener);
        if (thread != null) {
            LockSupport.unpark(thread);
            workers.shutdownNow();
        }
    }

    /** Asks for a turn soon (an inbox event for a remote agent, an agent attached, a replay). */
    void trigger() {
        if (!wanted.getAndSet(true) && thread != null) {
            LockSupport.unpark(thread);
        }
    }

    void known(String agentId) {
        remoteIds.add(agentId);
        idsDirty.set(true);
        trigger();
    }

    private void run() {
        while (!stopped) {
            if (!wanted.getAndSet(false)) {
                LockSupport.parkNanos(this, SWEEP.toNanos());
            }
            try {
                turn();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "A relay turn failed; the next one tries again", e);
            }
        }
    }

    private void turn() {
        if (idsDirty.getAndSet(false) || System.nanoTime() - idsReadAt > ID_REFRESH.toNanos()) {
            List<String> ids = agents.ids();
            remoteIds.retainAll(ids);
            remoteIds.addAll(ids);
            idsReadAt = System.nanoTime();
        }
        if (remoteIds.isEmpty()) {
            return;
        }
        List<RemoteAgents.Target> leased = agents.claimDue();
        follower.follow(leased, calls);
        for (RemoteAgents.Target target : leased) {
            if (busy.add(target.agentId())) {
                workers.execute(() -> {
                    try {
                        relay(target);
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "Relaying to " + target.agentId() + " failed; it is tried again", e);
                    } finally {
                        busy.remove(target.agentId());
                    }
                });
            }
        }
    }

    private void relay(RemoteAgents.Target target) {
        long cursor = target.relayedCursor();
        int attempts = target.attempts();
        int refusals = target.refusals();
        long turnEnd = System.nanoTime() + TURN_TIME.toNanos();
        for (int i = 0; i < EVENTS_PER_TURN && !stopped && System.nanoTime() - turnEnd < 0; i++) {
            InboxPage page = inbox.after(target.agentId(), cursor, 1);
            if (page.events().isEmpty()) {
                return;
            }
            JsonObject event = page.events().get(0);
            long eventCursor = event.getJsonNumber("cursor").longValue();
            A2aCalls.Reply reply = deliver(target, event);
            if (reply instanceof A2aCalls.Unreachable unreachable) {
                agents.failed(target.agentId(), attempts + 1, refusals, settings.backoff(attempts + 1),
                        unreachable.why());
                return;
            }
            if (reply instanceof A2aCalls.NotAllowed notAllowed) {
                LOG.warning(() -> "Inbox event " + eventCursor + " of remote agent " + target.agentId()
                        + " is parked: the call is not allowed: " + notAllowed.why());
                agents.park(target.agentId(), eventCursor, "not allowed: " + notAllowed.why());
                trigger(); // the events behind it are due now
                return;
            }
            if (reply instanceof A2aCalls.Refused refused) {
                int maxAttempts = settings.maxAttempts();
                if (refusals + 1 >= maxAttempts) {
                    LOG.warning(() -> "Remote agent " + target.agentId() + " refused inbox event " + eventCursor
                            + " " + maxAttempts + " times; it is parked: " + refused.why());
                    agents.park(target.agentId(), eventCursor, refused.why());
                    trigger(); // the events behind it are due now
                } else {
                    agents.failed(target.agentId(), attempts + 1, refusals + 1, settings.backoff(attempts + 1),
                            refused.why());
                }
                return;
            }
            if (!agents.advance(target.agentId(), eventCursor)) {
                return; // the lease went to another instance meanwhile
            }
            cursor = eventCursor;
            attempts = 0;
            refusals = 0;
        }
        trigger(); // more may be waiting
    }

    /** Calls the remote server for one inbox event and applies its answer; a result for events there is no call for. */
    A2aCalls.Reply deliver(RemoteAgents.Target target, JsonObject event) {
        A2aVersion version = A2aVersion.of(target.protocolVersion());
        String taskId = event.getString("taskId", null);
        String from = event.getString("from", null);
        RemoteAgents.RemoteTask remoteTask = taskId == null ? null : agents.remoteTask(taskId).orElse(null);
        String remoteTaskId = remoteTask == null ? null : remoteTask.remoteTaskId();
        A2aCalls.Reply reply;
        switch (event.getString("type", "")) {
            case "message" -> {
                JsonObjectBuilder params = MeshJson.object().add("message", version.outgoingMessage(
                        WireIds.messageId(target.agentId(), from, event.getString("messageId")),
                        wireContextId(target, from, event.getString("contextId", null), remoteTask), remoteTaskId,
                        event.getJsonArray("parts")));
                // Accepted is acknowledged: the next event need not wait for this one's work to end.
                params.add("configuration", version == A2aVersion.V1_0
                        ? MeshJson.object().add("returnImmediately", true)
                        : MeshJson.object().add("blocking", false));
                reply = calls.call(target, version == A2aVersion.V1_0 ? "SendMessage" : "message/send",
                        params.build());
            }
            case "task-status" -> {
                boolean canceled = "canceled".equals(event.getJsonObject("status").getString("state", ""));
                if (!canceled || remoteTaskId == null) {
                    return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT);
                }
                reply = calls.call(target, version == A2aVersion.V1_0 ? "CancelTask" : "tasks/cancel",
                        MeshJson.object().add("id", remoteTaskId).build());
                if (reply instanceof A2aCalls.Refused) {
                    return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT); // over already on its side
                }
            }
            default -> {
                return new A2aCalls.Result(JsonValue.EMPTY_JSON_OBJECT);
            }
        }
        if (reply instanceof A2aCalls.Result result && !result.result().isEmpty() && taskId != null) {
            try {
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
    private static String wireContextId(RemoteAgents.Target target, String from, String contextId,
                                        RemoteAgents.RemoteTask remoteTask) {
        if (remoteTask != null && remoteTask.remoteContextId() != null) {
            return remoteTask.remoteContextId();
        }
        return contextId == null ? null : WireIds.contextId(target.agentId(), from, contextId);
    }
}

package agentmesh.mcp.boundary;

import agentmesh.inbox.boundary.InboxWaiters;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.json.MeshJson;
import agentmesh.web.limits.ServerPlaces;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code mesh_read_inbox} and {@code mesh_wait_for_message}, in-process: the read {@code GET /inbox} makes (after the
 * given cursor, else after the session's last read, else after the agent's ack), in one of the inbox's places of the
 * server's; what is read is acknowledged, as {@code POST /inbox/ack} does. A wait that finds nothing registers with
 * the long polls ({@link InboxWaiters}: their per-agent cap, their wake-up, their end at a token's rotation) and
 * holds no place while it waits. It does hold its request's thread: the MCP library's servlet blocks the thread
 * of every request until its answer, so a wait costs one thread for at most its 60 s, bounded per agent by its MCP
 * share ({@code mesh.mcp.max-requests-per-agent}) and per server by {@link McpWaits} ({@code mesh.mcp.max-waits}).
 */
@ApplicationScoped
class InboxTools {

    private static final String CAUSE = "MCP inbox tools";
    // Past its bound, the future has timed out already (it completes itself empty): only a stuck wake-up gets here.
    private static final int WAIT_SLACK_SECONDS = 5;
    private static final int SESSIONS_KEPT = 1000;

    @Inject
    InboxReader reader;

    @Inject
    InboxWaiters waiters;

    @Inject
    ServerPlaces places;

    @Inject
    @ConfigProperty(name = "mesh.mcp.max-waits", defaultValue = "64")
    int maxWaits;

    private McpWaits waits;

    /** How far each session (with its token) has read, as many as the endpoint keeps sessions. */
    private final Map<String, Long> lastRead = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > SESSIONS_KEPT;
        }
    });

    @PostConstruct
    void init() {
        waits = new McpWaits(maxWaits);
    }

    /** The events after the cursor, waiting up to {@code waitSeconds} (0: not at all) for one. */
    String read(McpCaller caller, ToolArguments arguments, int limit, int waitSeconds) {
        Long given = arguments.cursor("after");
        Long after = given != null ? given : lastRead.get(caller.sessionKey());
        String agent = caller.agentId();
        FirstRead first = places.within(true, CAUSE, () -> {
            long from = after != null ? after : reader.ackedCursor(agent);
            return new FirstRead(from, reader.look(agent, from, limit));
        });
        InboxPage page = first.look().page();
        if (page.events().isEmpty() && waitSeconds > 0) {
            page = waits.within(() -> waitFor(
                    waiters.await(
                            agent,
                            caller.tokenHash(),
                            first.from(),
                            limit,
                            waitSeconds,
                            first.look().signalsBeforeRead()),
                    first.from(),
                    waitSeconds));
        }
        if (!page.events().isEmpty()) {
            long read = page.nextCursor();
            lastRead.put(caller.sessionKey(), read);
            places.within(true, CAUSE, () -> {
                reader.ack(agent, read);
                return read;
            });
        }
        JsonArrayBuilder events = MeshJson.array();
        page.events().forEach(event -> events.add(EventSummaries.of(event)));
        return MeshJson.object()
                .add("events", events)
                .add("nextCursor", page.nextCursor())
                .build()
                .toString();
    }

    /** The look taken at once, and where it began. */
    private record FirstRead(long from, InboxReader.Look look) {}

    private static InboxPage waitFor(Future<InboxPage> answer, long after, int waitSeconds) {
        try {
            return answer.get(waitSeconds + WAIT_SLACK_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e);
        } catch (TimeoutException e) {
            answer.cancel(false);
            return InboxPage.empty(after);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer.cancel(false);
            return InboxPage.empty(after);
        }
    }
}

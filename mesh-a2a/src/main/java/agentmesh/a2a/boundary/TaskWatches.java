package agentmesh.a2a.boundary;

import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxWaits;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.web.limits.OverloadLog;
import agentmesh.web.readers.ReaderThreads;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The A2A requests that wait on a task — blocking sends and SSE streams — suspended, holding no thread, and looked at
 * again whenever the task may have changed. Every change of a task puts an event in the inbox of the agent it
 * concerns (the other one), so each watch waits in {@link InboxWaits} under both its agents, and a signal of either
 * asks for a look at its task. A look ({@link TaskLooks}, on the inbox's reader threads) reads the task once for all
 * the watches of that task ({@link WatchIndex}) and hands it to each ({@link Watch#check}) in the lane of the watch's
 * caller, where its writes happen (a client that does not read holds up only its own agent); a task asked for by many
 * watches at once is looked at once. Streams also get a comment every {@value #HEARTBEAT_SECONDS} s, so that a client
 * that went away is noticed and a proxy keeps the connection.
 *
 * <p>A calling agent holds at most {@code mesh.a2a.max-waits-per-agent} of these requests at once
 * ({@link WaitPlaces}); one more is refused — 429 on HTTP+JSON, an error of the JSON-RPC call — with Retry-After. A
 * rotated token ends the watches made with the old one as unauthenticated.
 */
@ApplicationScoped
public class TaskWatches {

    private static final Logger LOG = Logger.getLogger(TaskWatches.class.getName());

    static final int HEARTBEAT_SECONDS = 15;
    /** Reader threads that looks may hold at once: the others stay free for the inbox's own readers. */
    static final int LOOKERS = 2;
    /** Tasks one looker looks at before it gives its thread back. */
    static final int TASKS_PER_TURN = 16;
    /** When a refused caller may try again: a blocking send waits a minute at most, a stream often less. */
    static final int RETRY_AFTER_SECONDS = 1;

    @Inject
    InboxWaits waits;

    @Inject
    ReaderThreads readerThreads;

    @EJB
    TaskReader reader;

    @Inject
    OverloadLog overloadLog;

    @Inject
    @ConfigProperty(name = "mesh.a2a.max-waits-per-agent", defaultValue = "8")
    int maxWaitsPerAgent;

    @Resource
    ManagedThreadFactory threadFactory;

    private final WatchIndex index = new WatchIndex();
    private WaitPlaces places;
    private TaskLooks looks;
    private ScheduledExecutorService heartbeat;

    /** A suspended request about one task of two agents. */
    interface Watch {

        String caller();

        String agent();

        String taskId();

        String tokenHash();

        /**
         * Answers or streams what changed, given the task as just read (for its status: its history and artifacts
         * are not for the watch to use); called in its caller's lane of the reader threads, so never twice at once.
         */
        void check(TaskView task);

        /** The task could not be read. */
        void failed(RuntimeException e);

        void heartbeat();

        /** Its token was rotated: ends at once, as unauthenticated. */
        void revoke();

        /** Ends the request at once (the server stops). */
        void end();
    }

    /** A watch as it waits on its two agents' inboxes: a change of either asks for a look at its task. */
    private record Waiting(Watch watch, TaskLooks looks) implements InboxWaits.Wait {

        @Override
        public String caller() {
            return watch.caller();
        }

        @Override
        public String tokenHash() {
            return watch.tokenHash();
        }

        @Override
        public Set<String> agents() {
            return watch.caller().equals(watch.agent())
                    ? Set.of(watch.caller())
                    : Set.of(watch.caller(), watch.agent());
        }

        @Override
        public void inboxChanged(InboxChange change) {
            looks.request(watch.taskId());
        }

        @Override
        public void revoked(TokenRotated rotation) {
            watch.revoke();
        }
    }

    @PostConstruct
    void start() {
        places = new WaitPlaces(maxWaitsPerAgent);
        looks = new TaskLooks(readerThreads::execute, LOOKERS, TASKS_PER_TURN, this::look);
        heartbeat = Executors.newSingleThreadScheduledExecutor(threadFactory);
        heartbeat.scheduleWithFixedDelay(this::heartbeats, HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        heartbeat.shutdownNow();
        index.all().forEach(Watch::end);
    }

    /**
     * One of the caller's places for a request that will wait, to be released when it ends; or, when it holds all
     * of them, an error to throw — the response gets its Retry-After here. {@code taskId} is the task the request
     * is about when it is already known (a subscription), else null.
     */
    WaitPlaces.Place takePlace(String caller, String taskId, HttpServletResponse response) {
        return places.take(caller).orElseThrow(() -> {
            overloadLog.refused("429 over an agent's A2A streams and blocking sends");
            response.setHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
            return A2aError.tooManyWaits(caller, places.max(), taskId);
        });
    }

    /** Starts watching, and looks once at once: the task may have changed before the watch was in place. */
    void watch(Watch watch) {
        index.join(watch);
        waits.add(new Waiting(watch, looks));
        looks.request(watch.taskId());
    }

    void unwatch(Watch watch) {
        waits.remove(new Waiting(watch, looks));
        index.leave(watch);
    }

    /** The watch has more to send than one look sends: look at its task again soon. */
    void lookAgain(Watch watch) {
        looks.request(watch.taskId());
    }

    // One read for every watch of the task: the view is the same whichever of its two agents reads it.
    private void look(String taskId) {
        List<Watch> watching = index.ofTask(taskId);
        if (watching.isEmpty()) {
            return;
        }
        TaskView task;
        try {
            task = reader.status(taskId, watching.get(0).caller());
        } catch (RuntimeException e) {
            watching.forEach(watch -> readerThreads.execute(watch.caller(), () -> watch.failed(e)));
            return;
        }
        // Each watch writes in its caller's lane: a client that does not read holds up only its own agent.
        watching.forEach(watch -> readerThreads.execute(watch.caller(), () -> watch.check(task)));
    }

    // In the callers' lanes too; and a failing heartbeat must not end the schedule that beats for every stream.
    private void heartbeats() {
        index.all()
                .forEach(watch -> readerThreads.execute(watch.caller(), () -> {
                    try {
                        watch.heartbeat();
                    } catch (RuntimeException e) {
                        LOG.log(Level.FINE, "A heartbeat failed", e);
                    }
                }));
    }
}

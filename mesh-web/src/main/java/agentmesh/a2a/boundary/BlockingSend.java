package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A SendMessage that waits for its task to end or to need the caller (input or auth required), as A2A's blocking
 * send does — at most {@code mesh.a2a.blocking-wait-seconds}; then it answers the task as it stands, still working,
 * and the caller follows it with GetTask or SubscribeToTask. The message itself was accepted before the wait began:
 * waiting changes nothing about its delivery.
 */
final class BlockingSend implements TaskWatches.Watch, AsyncListener {

    private static final Logger LOG = Logger.getLogger(BlockingSend.class.getName());

    private final String caller;
    private final String agent;
    private final String tokenHash;
    private final String taskId;
    private final int historyLength;
    private final A2aVersion version;
    private final A2aWire wire;
    private final TaskReader reader;
    private final TaskWatches watches;
    private final AsyncContext async;
    private boolean answered;

    BlockingSend(String caller, String agent, String tokenHash, String taskId, int historyLength,
                 A2aVersion version, A2aWire wire, TaskReader reader, TaskWatches watches, AsyncContext async) {
        this.caller = caller;
        this.agent = agent;
        this.tokenHash = tokenHash;
        this.taskId = taskId;
        this.historyLength = historyLength;
        this.version = version;
        this.wire = wire;
        this.reader = reader;
        this.watches = watches;
        this.async = async;
    }

    void begin(Duration wait) {
        async.setTimeout(wait.toMillis());
        async.addListener(this);
        watches.watch(this);
    }

    @Override
    public synchronized void check() {
        if (answered) {
            return;
        }
        try {
            TaskView task = reader.read(taskId, caller, historyLength);
            String state = task.status().state();
            if (A2aVersion.isStreamEnd(state) || A2aVersion.isInterrupted(state)) {
                answer(task);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Reading task " + taskId + " for a blocking send failed", e);
            fail(A2aError.internal());
        }
    }

    @Override
    public void heartbeat() {
        // a plain JSON answer has nothing to say before it is complete
    }

    /** The wait is cut short (a rotated token, the server stopping): the task as it stands. */
    @Override
    public synchronized void end() {
        if (!answered) {
            answer(reader.read(taskId, caller, historyLength));
        }
    }

    private void answer(TaskView task) {
        write(wire.success(version.result("task", version.task(task))), 200);
    }

    private void fail(A2aError error) {
        write(wire.failure(error), wire.status(error));
    }

    private void write(JsonObject body, int status) {
        answered = true;
        watches.unwatch(this);
        try {
            A2aResponses.json((HttpServletResponse) async.getResponse(), status, body);
        } catch (IOException | IllegalStateException e) {
            LOG.log(Level.FINE, "The caller of a blocking send left before its answer", e);
        }
        try {
            async.complete();
        } catch (IllegalStateException alreadyOver) {
            // the container ended the request first
        }
    }

    @Override
    public synchronized void onTimeout(AsyncEvent event) {
        if (!answered) {
            answer(reader.read(taskId, caller, historyLength));
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        watches.unwatch(this);
    }

    @Override
    public synchronized void onError(AsyncEvent event) {
        answered = true;
        watches.unwatch(this);
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // nothing to do
    }

    @Override
    public String caller() {
        return caller;
    }

    @Override
    public String agent() {
        return agent;
    }

    @Override
    public String tokenHash() {
        return tokenHash;
    }
}

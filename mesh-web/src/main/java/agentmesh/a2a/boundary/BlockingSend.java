package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;

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
final class BlockingSend extends WaitingCall {

    private static final Logger LOG = Logger.getLogger(BlockingSend.class.getName());

    private final int historyLength;
    private boolean answered;

    BlockingSend(Call call, int historyLength, TaskReader reader, TaskWatches watches, AsyncContext async) {
        super(call, reader, watches, async);
        this.historyLength = historyLength;
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
            TaskView task = reader.read(call.taskId(), call.caller(), historyLength);
            String state = task.status().state();
            if (A2aVersion.isStreamEnd(state) || A2aVersion.isInterrupted(state)) {
                answer(task);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Reading task " + call.taskId() + " for a blocking send failed", e);
            A2aError error = A2aError.internal();
            write(call.wire().failure(error), call.wire().status(error));
        }
    }

    @Override
    public void heartbeat() {
        // a plain JSON answer has nothing to say before it is complete
    }

    /** The wait is cut short (a rotated token, the server stopping): the task as it stands. */
    @Override
    public synchronized void end() {
        answerAsItStands();
    }

    @Override
    public synchronized void onTimeout(AsyncEvent event) {
        answerAsItStands();
    }

    @Override
    public synchronized void onError(AsyncEvent event) {
        answered = true;
        watches.unwatch(this);
    }

    private void answerAsItStands() {
        if (!answered) {
            answer(reader.read(call.taskId(), call.caller(), historyLength));
        }
    }

    private void answer(TaskView task) {
        write(call.wire().success(call.version().result("task", call.version().task(task))), 200);
    }

    private void write(JsonObject body, int status) {
        answered = true;
        try {
            A2aResponses.json(response(), status, body);
        } catch (IOException | IllegalStateException e) {
            LOG.log(Level.FINE, "The caller of a blocking send left before its answer", e);
        }
        complete();
    }
}

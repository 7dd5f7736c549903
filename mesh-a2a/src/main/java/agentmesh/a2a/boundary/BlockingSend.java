package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonValue;
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
 * waiting changes nothing about its delivery. A wait whose token is rotated meanwhile is answered as unauthenticated
 * (HTTP 401 on HTTP+JSON, a JSON-RPC error), as a long poll of the API is: it lives no longer than its token.
 */
final class BlockingSend extends WaitingCall {

    private static final Logger LOG = Logger.getLogger(BlockingSend.class.getName());

    private final int historyLength;
    private boolean answered;

    BlockingSend(
            Call call,
            WaitPlaces.Place place,
            int historyLength,
            TaskReader reader,
            TaskWatches watches,
            AsyncContext async) {
        super(call, place, reader, watches, async);
        this.historyLength = historyLength;
    }

    void begin(Duration wait) {
        async.setTimeout(wait.toMillis());
        async.addListener(this);
        watches.watch(this);
    }

    /** The look's task tells the state; the answer is read with the history the caller asked for. */
    @Override
    public synchronized void check(TaskView task) {
        String state = task.status().state();
        if (!answered && (A2aStates.isStreamEnd(state) || A2aStates.isInterrupted(state))) {
            answerAsItStands();
        }
    }

    @Override
    public synchronized void failed(RuntimeException e) {
        if (answered) {
            return;
        }
        LOG.log(Level.WARNING, "Reading task " + call.taskId() + " for a blocking send failed", e);
        A2aError error = A2aError.internal();
        write(call.wire().failure(error), call.wire().status(error));
    }

    @Override
    public void heartbeat() {
        // a plain JSON answer has nothing to say before it is complete
    }

    @Override
    public synchronized void revoke() {
        if (answered) {
            return;
        }
        A2aError error = A2aError.tokenRotated(call.caller());
        write(call.wire().failure(error), call.wire().status(error));
    }

    /** The server stops: the task as it stands. */
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
        finish();
    }

    private void answerAsItStands() {
        if (answered) {
            return;
        }
        TaskView task;
        try {
            task = reader.read(call.taskId(), call.caller(), historyLength);
        } catch (RuntimeException e) {
            failed(e);
            return;
        }
        write(
                call.wire()
                        .success(call.version()
                                .mapping()
                                .result("task", call.version().mapping().task(task))),
                200);
    }

    private void write(JsonValue body, int status) {
        answered = true;
        try {
            if (status == 401) {
                response().setHeader("WWW-Authenticate", "Bearer realm=\"agent-mesh\", error=\"invalid_token\"");
            }
            A2aResponses.json(response(), status, body);
        } catch (IOException | IllegalStateException e) {
            LOG.log(Level.FINE, "The caller of a blocking send left before its answer", e);
        }
        complete();
    }
}

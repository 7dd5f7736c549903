package agentmesh.a2a.boundary;

import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessagePage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One SSE stream of a task (SendStreamingMessage, SubscribeToTask). The first event is the task as it stands, with
 * its history and artifacts as one read of it holds them (a page's bytes each): whatever happened before, on an
 * earlier connection included, is in it — that is how a resubscribe loses nothing. Artifacts that did not fit follow
 * as artifact updates. Then, each time the task may have changed, only what is new since the stream's position
 * ({@link StreamPosition}): the other agent's new messages (by seq), new artifacts, and the status if it moved, in
 * that order — the status was read before the others, so that what led to a status is always sent before it. One
 * look sends at most {@value #PAGES_PER_LOOK} pages of each, then asks for another: a stream far behind shares the
 * reader threads. The stream ends after a terminal status.
 */
final class TaskStream extends WaitingCall {

    private static final Logger LOG = Logger.getLogger(TaskStream.class.getName());
    static final int PAGES_PER_LOOK = 4;

    private StreamPosition position;
    private boolean ended;

    TaskStream(Call call, WaitPlaces.Place place, TaskReader reader, TaskWatches watches, AsyncContext async) {
        super(call, place, reader, watches, async);
    }

    /**
     * Sends the task as it stands and watches for what follows, unless it is already over. A task that cannot be
     * read ends the request here, before anything was sent: the exception is the caller's to answer.
     */
    synchronized void begin() {
        async.setTimeout(0); // the heartbeat finds a client that went away
        async.addListener(this);
        TaskView task;
        try {
            task = reader.read(call.taskId(), call.caller(), TaskReader.MAX_HISTORY);
        } catch (RuntimeException e) {
            ended = true;
            complete();
            throw e;
        }
        position = StreamPosition.after(task);
        try {
            A2aResponses.startStream(response());
            send(call.version()
                    .mapping()
                    .result("task", call.version().mapping().task(task)));
        } catch (IOException e) {
            end();
            return;
        }
        if (A2aStates.isStreamEnd(task.status().state())) {
            end();
            return;
        }
        watches.watch(this);
    }

    @Override
    public synchronized void check(TaskView task) {
        if (ended) {
            return;
        }
        try {
            if (!sendNewMessages(task) || !sendNewArtifacts(task)) {
                watches.lookAgain(this); // the status waits until what led to it has been sent
                return;
            }
            if (position.statusMoved(task.status())) {
                send(call.version().mapping().statusUpdate(task));
            }
            if (A2aStates.isStreamEnd(task.status().state())) {
                end();
            }
        } catch (IOException e) {
            end(); // the client has gone
        } catch (RuntimeException e) {
            failed(e);
        }
    }

    // True when every new message has been sent.
    private boolean sendNewMessages(TaskView task) throws IOException {
        for (int pages = 0; pages < PAGES_PER_LOOK; pages++) {
            MessagePage page = reader.messages(call.taskId(), call.caller(), position.lastSeq(), TaskReader.MAX_PAGE);
            if (page.messages().isEmpty()) {
                return true;
            }
            for (MessageView message : page.messages()) {
                if (!message.from().equals(call.caller())) { // the caller knows what it sent
                    A2aMapping mapping = call.version().mapping();
                    send(mapping.result("message", mapping.message(message, task.contextId(), call.taskId())));
                }
                position.passed(message);
            }
        }
        return false;
    }

    // True when every new artifact has been sent.
    private boolean sendNewArtifacts(TaskView task) throws IOException {
        for (int pages = 0; pages < PAGES_PER_LOOK; pages++) {
            ArtifactPage page =
                    reader.artifacts(call.taskId(), call.caller(), position.artifactsAfter(), TaskReader.MAX_PAGE);
            for (TaskLifecycle.ArtifactView artifact : position.advance(page)) {
                send(call.version().mapping().artifactUpdate(task, artifact));
            }
            if (page.nextCursor() == null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized void failed(RuntimeException e) {
        if (ended) {
            return;
        }
        LOG.log(
                Level.WARNING,
                "Streaming task " + call.taskId() + " failed; the stream ends, a resubscribe" + " resumes it",
                e);
        endWith(A2aError.internal());
    }

    @Override
    public synchronized void heartbeat() {
        if (ended) {
            return;
        }
        try {
            A2aResponses.comment(response());
        } catch (IOException | IllegalStateException e) {
            end(); // the connection is gone, or the container completed the request meanwhile
        }
    }

    @Override
    public synchronized void revoke() {
        if (!ended) {
            endWith(A2aError.tokenRotated(call.caller()));
        }
    }

    @Override
    public synchronized void end() {
        if (!ended) {
            ended = true;
            complete();
        }
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        end();
    }

    // Completed by the container (the client went away): nothing more is written to it.
    @Override
    public synchronized void onComplete(AsyncEvent event) {
        ended = true;
        super.onComplete(event);
    }

    @Override
    public void onError(AsyncEvent event) {
        end();
    }

    // JSON-RPC carries an error as one more response in the stream; an HTTP+JSON stream carries StreamResponse
    // objects only, so there the stream just closes.
    private void endWith(A2aError error) {
        if (call.wire() instanceof A2aWire.JsonRpc) {
            try {
                A2aResponses.event(response(), call.wire().failure(error));
            } catch (IOException ignored) {
                // ending anyway
            }
        }
        end();
    }

    private void send(JsonObject result) throws IOException {
        A2aResponses.event(response(), call.wire().success(result));
    }
}

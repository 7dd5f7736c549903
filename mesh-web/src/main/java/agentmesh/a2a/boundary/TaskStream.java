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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One SSE stream of a task (SendStreamingMessage, SubscribeToTask). The first event is the task as it stands, with
 * its history and artifacts: whatever happened before, on an earlier connection included, is in it — that is how a
 * resubscribe loses nothing. Then, each time the task may have changed: the other agent's new messages (by seq),
 * new artifacts, and the status if it moved, in that order, read status first so that what led to a status is
 * always sent before it. The stream ends after a terminal status.
 */
final class TaskStream extends WaitingCall {

    private static final Logger LOG = Logger.getLogger(TaskStream.class.getName());

    private final Set<String> artifactsSent = new HashSet<>();
    private long lastSeq;
    private TaskView.Status lastStatus;
    private boolean ended;

    TaskStream(Call call, TaskReader reader, TaskWatches watches, AsyncContext async) {
        super(call, reader, watches, async);
    }

    /** Sends the task as it stands and watches for what follows, unless it is already over. */
    synchronized void begin() {
        async.setTimeout(0); // the heartbeat finds a client that went away
        async.addListener(this);
        TaskView task = reader.read(call.taskId(), call.caller(), TaskReader.MAX_HISTORY);
        task.history().forEach(message -> lastSeq = Math.max(lastSeq, message.seq()));
        allArtifacts().forEach(artifact -> artifactsSent.add(artifact.artifactId()));
        lastStatus = task.status();
        try {
            A2aResponses.startStream(response());
            send(call.version().result("task", call.version().task(task)));
        } catch (IOException e) {
            end();
            return;
        }
        if (A2aVersion.isStreamEnd(task.status().state())) {
            end();
            return;
        }
        watches.watch(this);
    }

    @Override
    public synchronized void check() {
        if (ended) {
            return;
        }
        try {
            TaskView task = reader.read(call.taskId(), call.caller(), 0); // status first: what led to it is below
            sendNewMessages(task);
            for (TaskLifecycle.ArtifactView artifact : allArtifacts()) {
                if (artifactsSent.add(artifact.artifactId())) {
                    send(call.version().artifactUpdate(task, artifact));
                }
            }
            if (!task.status().equals(lastStatus)) {
                lastStatus = task.status();
                send(call.version().statusUpdate(task));
            }
            if (A2aVersion.isStreamEnd(task.status().state())) {
                end();
            }
        } catch (IOException e) {
            end(); // the client has gone
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Streaming task " + call.taskId() + " failed; the stream ends, a resubscribe"
                    + " resumes it", e);
            failAndEnd(A2aError.internal());
        }
    }

    private void sendNewMessages(TaskView task) throws IOException {
        MessagePage page;
        do {
            page = reader.messages(call.taskId(), call.caller(), lastSeq, TaskReader.MAX_PAGE);
            for (MessageView message : page.messages()) {
                lastSeq = message.seq();
                if (!message.from().equals(call.caller())) { // the caller knows what it sent
                    send(call.version().result("message", call.version().message(message, task.contextId(),
                            call.taskId())));
                }
            }
        } while (!page.messages().isEmpty());
    }

    private List<TaskLifecycle.ArtifactView> allArtifacts() {
        List<TaskLifecycle.ArtifactView> all = new ArrayList<>();
        Long after = 0L;
        while (after != null) {
            ArtifactPage page = reader.artifacts(call.taskId(), call.caller(), after, TaskReader.MAX_PAGE);
            all.addAll(page.artifacts());
            after = page.nextCursor();
        }
        return all;
    }

    @Override
    public synchronized void heartbeat() {
        if (ended) {
            return;
        }
        try {
            A2aResponses.comment(response());
        } catch (IOException e) {
            end();
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

    @Override
    public void onError(AsyncEvent event) {
        end();
    }

    private void failAndEnd(A2aError error) {
        try {
            A2aResponses.event(response(), call.wire().failure(error));
        } catch (IOException ignored) {
            // ending anyway
        }
        end();
    }

    private void send(JsonObject result) throws IOException {
        A2aResponses.event(response(), call.wire().success(result));
    }
}

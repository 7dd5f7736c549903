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
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletResponse;

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
final class TaskStream implements TaskWatches.Watch, AsyncListener {

    private static final Logger LOG = Logger.getLogger(TaskStream.class.getName());

    private final String caller;
    private final String agent;
    private final String tokenHash;
    private final String taskId;
    private final A2aVersion version;
    private final A2aWire wire;
    private final TaskReader reader;
    private final TaskWatches watches;
    private final AsyncContext async;
    private final Set<String> artifactsSent = new HashSet<>();
    private long lastSeq;
    private TaskView.Status lastStatus;
    private boolean ended;

    TaskStream(String caller, String agent, String tokenHash, String taskId, A2aVersion version, A2aWire wire,
               TaskReader reader, TaskWatches watches, AsyncContext async) {
        this.caller = caller;
        this.agent = agent;
        this.tokenHash = tokenHash;
        this.taskId = taskId;
        this.version = version;
        this.wire = wire;
        this.reader = reader;
        this.watches = watches;
        this.async = async;
    }

    /** Sends the task as it stands and watches for what follows, unless it is already over. */
    synchronized void begin() {
        async.setTimeout(0); // the heartbeat finds a client that went away
        async.addListener(this);
        TaskView task = reader.read(taskId, caller, TaskReader.MAX_HISTORY);
        task.history().forEach(message -> lastSeq = Math.max(lastSeq, message.seq()));
        allArtifacts().forEach(artifact -> artifactsSent.add(artifact.artifactId()));
        lastStatus = task.status();
        try {
            A2aResponses.startStream(response());
            send(version.result("task", version.task(task)));
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
            TaskView task = reader.read(taskId, caller, 0); // the status first: what led to it is visible below
            sendNewMessages(task);
            for (TaskLifecycle.ArtifactView artifact : allArtifacts()) {
                if (artifactsSent.add(artifact.artifactId())) {
                    send(version.artifactUpdate(task, artifact));
                }
            }
            if (!task.status().equals(lastStatus)) {
                lastStatus = task.status();
                send(version.statusUpdate(task));
            }
            if (A2aVersion.isStreamEnd(task.status().state())) {
                end();
            }
        } catch (IOException e) {
            end(); // the client has gone
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Streaming task " + taskId + " failed; the stream ends, a resubscribe resumes it",
                    e);
            failAndEnd(A2aError.internal());
        }
    }

    private void sendNewMessages(TaskView task) throws IOException {
        MessagePage page;
        do {
            page = reader.messages(taskId, caller, lastSeq, TaskReader.MAX_PAGE);
            for (MessageView message : page.messages()) {
                lastSeq = message.seq();
                if (!message.from().equals(caller)) { // the caller knows what it sent
                    send(version.result("message", version.message(message, task.contextId(), taskId)));
                }
            }
        } while (!page.messages().isEmpty());
    }

    private List<TaskLifecycle.ArtifactView> allArtifacts() {
        List<TaskLifecycle.ArtifactView> all = new ArrayList<>();
        Long after = 0L;
        while (after != null) {
            ArtifactPage page = reader.artifacts(taskId, caller, after, TaskReader.MAX_PAGE);
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
        if (ended) {
            return;
        }
        ended = true;
        watches.unwatch(this);
        try {
            async.complete();
        } catch (IllegalStateException alreadyOver) {
            // the container ended the request first (the client went away)
        }
    }

    private void failAndEnd(A2aError error) {
        try {
            send(wire.failure(error));
        } catch (IOException ignored) {
            // ending anyway
        }
        end();
    }

    private void send(JsonObject result) throws IOException {
        A2aResponses.event(response(), result.containsKey("error") ? result : wire.success(result));
    }

    private HttpServletResponse response() {
        return (HttpServletResponse) async.getResponse();
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

    @Override
    public void onComplete(AsyncEvent event) {
        watches.unwatch(this);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        end();
    }

    @Override
    public void onError(AsyncEvent event) {
        end();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // nothing to do
    }
}

package agentmesh.a2a.boundary;

import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import java.util.List;

/**
 * Where a task stream stands: the last message seq, the artifacts and the status it has sent. A look reads only what
 * came after — messages after the seq, artifacts after the cursor of the last one sent — so its cost does not grow
 * with the task, and a look with nothing new reads nothing again.
 */
final class StreamPosition {

    private long lastSeq;
    private long artifactsAfter;
    private TaskView.Status status;

    private StreamPosition() {}

    /**
     * The position right after the task as the stream's first event showed it: its newest message (the history
     * ends with it), its artifacts (all of them, or those the first page held) and its status.
     */
    static StreamPosition after(TaskView task) {
        StreamPosition position = new StreamPosition();
        task.history().forEach(message -> position.lastSeq = Math.max(position.lastSeq, message.seq()));
        position.artifactsAfter = task.artifactsEndCursor();
        position.status = task.status();
        return position;
    }

    long lastSeq() {
        return lastSeq;
    }

    /** The message has been sent, or is the caller's own and needs no sending. */
    void passed(MessageView message) {
        lastSeq = Math.max(lastSeq, message.seq());
    }

    /** The cursor the next artifacts page starts after. */
    long artifactsAfter() {
        return artifactsAfter;
    }

    /** The artifacts of a page read from {@link #artifactsAfter()}, all new; they count as sent. */
    List<TaskLifecycle.ArtifactView> advance(ArtifactPage page) {
        artifactsAfter = page.endCursor();
        return page.artifacts();
    }

    /** Whether the status differs from the last one sent; if it does, it counts as sent. */
    boolean statusMoved(TaskView.Status now) {
        if (now.equals(status)) {
            return false;
        }
        status = now;
        return true;
    }
}

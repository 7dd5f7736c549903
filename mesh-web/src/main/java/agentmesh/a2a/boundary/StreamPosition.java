package agentmesh.a2a.boundary;

import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a task stream stands: the last message seq, the artifacts and the status it has sent. A look reads only what
 * came after — messages after the seq, artifacts after the cursor — so its cost does not grow with the task.
 *
 * <p>An artifacts page names the cursor after its last artifact only when more follow; after the last page there is
 * none. The artifacts read from the cursor that were already sent (the tail) are therefore remembered by id and read
 * again by the next look. The tail is kept to one artifact: when it holds more, a page of all but the last of them
 * ends with more following, so it names the cursor just before the last ({@link #tailToShorten()},
 * {@link #shortened}).
 */
final class StreamPosition {

    private long lastSeq;
    private long artifactsAfter;
    private final Deque<String> tail = new ArrayDeque<>();
    private TaskView.Status status;

    private StreamPosition() {
    }

    /**
     * The position right after the task as the stream's first event showed it: its newest message (the history
     * ends with it), its artifacts (all of them, or those before {@code artifactsNextCursor}) and its status.
     */
    static StreamPosition after(TaskView task) {
        StreamPosition position = new StreamPosition();
        task.history().forEach(message -> position.lastSeq = Math.max(position.lastSeq, message.seq()));
        if (task.artifactsNextCursor() != null) {
            position.artifactsAfter = task.artifactsNextCursor();
        } else {
            task.artifacts().forEach(artifact -> position.tail.add(artifact.artifactId()));
        }
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

    /** The artifacts of a page read from {@link #artifactsAfter()} that were not sent yet; they count as sent. */
    List<TaskLifecycle.ArtifactView> advance(ArtifactPage page) {
        Set<String> sent = new HashSet<>(tail);
        List<TaskLifecycle.ArtifactView> fresh = new ArrayList<>();
        page.artifacts().forEach(artifact -> {
            if (!sent.contains(artifact.artifactId())) {
                fresh.add(artifact);
            }
        });
        tail.clear();
        if (page.nextCursor() != null) {
            artifactsAfter = page.nextCursor();
        } else {
            page.artifacts().forEach(artifact -> tail.add(artifact.artifactId()));
        }
        return fresh;
    }

    /** How many artifacts a page should hold to move the cursor up to the tail's last; 0 when that is not needed. */
    int tailToShorten() {
        return Math.max(0, tail.size() - 1);
    }

    /** A page read from {@link #artifactsAfter()} with {@link #tailToShorten()} artifacts: the cursor moves past it. */
    void shortened(ArtifactPage page) {
        if (page.nextCursor() == null) {
            return; // nothing follows it: it was no shorter than the tail, which stays as it is
        }
        artifactsAfter = page.nextCursor();
        for (int i = 0; i < page.artifacts().size() && !tail.isEmpty(); i++) {
            tail.removeFirst();
        }
    }

    /** The artifacts the next look reads again. */
    int tailSize() {
        return tail.size();
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

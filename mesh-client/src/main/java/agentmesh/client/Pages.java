package agentmesh.client;

import java.util.List;

/** The API's bounded pages: follow the next cursor to read on (a page may end early, bounded by bytes). */
public final class Pages {

    private Pages() {}

    /** A dead-letter store's letters in the order they were parked; {@code nextCursor} null after the last. */
    public record DeadLetterPage<T>(List<T> deadLetters, Long nextCursor) {}

    /** Tasks, most recently updated first; {@code nextCursor} null after the last. */
    public record TaskPage(List<Task> tasks, String nextCursor) {}

    /** A task's messages in seq order; read on with {@code after = nextCursor}. */
    public record MessagePage(List<TaskMessage> messages, long nextCursor) {}

    /** A task's artifacts in the order they were added; {@code nextCursor} null after the last. */
    public record ArtifactPage(List<Artifact> artifacts, Long nextCursor) {}

    /** Inbox events in cursor order; read on with {@code after = nextCursor}. */
    public record InboxPage(List<InboxEvent> events, long nextCursor) {}
}

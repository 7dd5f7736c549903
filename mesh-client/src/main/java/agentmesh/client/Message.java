package agentmesh.client;

import java.util.List;

/**
 * A message to send. {@code messageId} null: the client generates one ({@link MessageIds}) and keeps it for every
 * retry; {@code taskId} null: the message opens a new task, addressed to {@code to}.
 */
public record Message(String messageId, String to, String taskId, String contextId, List<Part> parts) {

    public Message {
        parts = List.copyOf(parts);
    }

    /** A message opening a new task. */
    public static Message newTask(String to, Part... parts) {
        return new Message(null, to, null, null, List.of(parts));
    }

    /** A message in an existing task. */
    public static Message inTask(String taskId, String to, Part... parts) {
        return new Message(null, to, taskId, null, List.of(parts));
    }

    public Message withMessageId(String id) {
        return new Message(id, to, taskId, contextId, parts);
    }
}

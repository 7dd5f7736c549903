package agentmesh.task.control;

import java.util.List;

/** A task's messages after a seq, and the seq to continue from (the last message's, or the one asked for). */
public record MessagePage(List<MessageView> messages, long nextCursor) {}

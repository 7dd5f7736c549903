package agentmesh.messaging.control;

import java.time.Instant;

/** The answer to a send: where the message landed. A replay gets the original one. */
public record SentMessage(String messageId, String taskId, String contextId, int seq, Instant createdAt) {}

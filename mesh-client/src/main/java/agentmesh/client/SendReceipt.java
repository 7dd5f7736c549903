package agentmesh.client;

import java.time.Instant;

/**
 * What the mesh answered to a send: the message is stored and will be delivered. {@code repeated}: the mesh had
 * stored it already (a retry of the same message id), and this is its original answer.
 */
public record SendReceipt(
        String messageId, String taskId, String contextId, int seq, Instant createdAt, boolean repeated) {}

package agentmesh.a2a.relay.entity;

import java.time.Instant;

/**
 * An inbox event an outbound delivery set aside ({@code OutboundDeadLetters}). {@code targetKey}: for a push, the
 * task and the config ({@code taskId/configId}); absent for a remote agent, whose inbox it is.
 */
public record DeadLetter(
        long id, String agentId, String targetKey, long cursor, String error, Instant parkedAt, Instant replayedAt) {}

package agentmesh.outbox.control;

import java.time.Instant;

/** An outbox row as the admin API shows it (without its payload, which is message content). */
public record OutboxEventView(
        long id,
        String key,
        String type,
        String taskId,
        String status,
        int attempts,
        Instant nextAttemptAt,
        String lastError,
        Instant createdAt,
        Instant sentAt) {}

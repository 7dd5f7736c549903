package agentmesh.inbox.control;

import java.time.Instant;

/** A record the consumer parked, as the admin API shows it. */
public record DeadLetterView(
        long id,
        String topic,
        int partition,
        long offset,
        String key,
        String error,
        int attempts,
        String status,
        Instant createdAt,
        Instant replayedAt) {}

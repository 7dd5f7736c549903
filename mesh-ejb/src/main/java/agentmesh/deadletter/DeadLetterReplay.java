package agentmesh.deadletter;

/**
 * What replaying a dead letter did, as every store's replay route answers it (202): {@code {"id","outcome"}} — for a
 * delivery, {@code delivered} (or {@code duplicate}) or why not; for an outbox event, {@code requeued}.
 */
public record DeadLetterReplay(long id, String outcome) {}

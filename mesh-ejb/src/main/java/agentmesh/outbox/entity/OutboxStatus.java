package agentmesh.outbox.entity;

public enum OutboxStatus {
    /** Waiting to be published (also while in retry backoff). */
    PENDING,
    /** Acknowledged by Kafka. */
    SENT,
    /** Gave up after the last attempt; an admin can put it back to pending. */
    FAILED
}

package agentmesh.outbox.control;

/** A transaction wrote an outbox event; observed after that transaction commits. */
public record OutboxEnqueued() {}

package agentmesh.outbox.control;

/** A pending outbox row as the dispatcher publishes it: plain columns, no entity. */
record OutboxRecord(long id, String key, String payload, int attempts) {}

package agentmesh.outbox.control;

import agentmesh.tracing.TraceContext;

/**
 * A pending outbox row as the dispatcher publishes it: plain columns, no entity. {@code trace} is the context of the
 * event's create span, null for an event made untraced.
 */
record OutboxRecord(long id, String key, String payload, int attempts, TraceContext trace) {

    OutboxRecord(long id, String key, String payload, int attempts) {
        this(id, key, payload, attempts, null);
    }
}

package agentmesh.client;

/**
 * A W3C trace context as the mesh carries it (docs/TRACING.md): the {@code traceparent} header's text and the
 * {@code tracestate}'s (null if none). An inbox event sent in a trace carries one ({@link InboxEvent#trace()}); send
 * the answer with it ({@link MeshAgent#send(Message, TraceContext)}) and the answer continues that trace.
 */
public record TraceContext(String traceparent, String tracestate) {

    public TraceContext {
        if (traceparent == null || traceparent.isBlank()) {
            throw new IllegalArgumentException("a trace context needs a traceparent");
        }
    }

    /** The context of these fields, or null without a traceparent. */
    static TraceContext ofNullable(String traceparent, String tracestate) {
        return traceparent == null || traceparent.isBlank() ? null : new TraceContext(traceparent, tracestate);
    }
}

package agentmesh.inbox.control;

/**
 * A record of the events topic as the consumer hands it over: its key (the recipient), its value, and the trace
 * context of its headers ({@code traceparent}, {@code tracestate}; null when it was published untraced).
 */
public record InboxRecord(String key, String value, String traceparent, String tracestate) {

    public InboxRecord(String key, String value) {
        this(key, value, null, null);
    }
}

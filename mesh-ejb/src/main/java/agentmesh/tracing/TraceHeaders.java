package agentmesh.tracing;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/** The trace context in a Kafka record's headers, named as the W3C's HTTP headers (as OpenTelemetry's Kafka does). */
public final class TraceHeaders {

    public static final String TRACEPARENT = "traceparent";
    public static final String TRACESTATE = "tracestate";

    private TraceHeaders() {}

    /** The record's {@code traceparent} header, null if it has none (a record published untraced). */
    public static String traceparent(Headers headers) {
        return text(headers, TRACEPARENT);
    }

    public static String tracestate(Headers headers) {
        return text(headers, TRACESTATE);
    }

    private static String text(Headers headers, String name) {
        Header header = headers == null ? null : headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.US_ASCII);
    }
}

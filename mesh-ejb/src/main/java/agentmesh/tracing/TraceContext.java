package agentmesh.tracing;

import agentmesh.json.MeshJson;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.util.List;
import java.util.StringJoiner;

/**
 * A W3C trace context as it is stored and carried: the {@code traceparent} header's text and, if any, the
 * {@code tracestate}'s. Parsed by OpenTelemetry's own W3C propagator, so a malformed header is ignored as the
 * specification says (the send then starts a trace of its own) rather than refused.
 */
public record TraceContext(String traceparent, String tracestate) {

    /** The {@code tracestate} kept at most (the specification's 32 members of at most 256 bytes each is more). */
    public static final int MAX_TRACESTATE = 512;

    private static final int TRACEPARENT_LENGTH = 55;

    private static final TextMapGetter<TraceContext> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(TraceContext carrier) {
            return List.of("traceparent", "tracestate");
        }

        @Override
        public String get(TraceContext carrier, String key) {
            return carrier == null ? null : key.equals("traceparent") ? carrier.traceparent : carrier.tracestate;
        }
    };

    /** The context of these header values; null when there is no valid {@code traceparent}. */
    public static TraceContext of(String traceparent, String tracestate) {
        if (traceparent == null || traceparent.length() != TRACEPARENT_LENGTH) {
            return null;
        }
        String state =
                tracestate == null || tracestate.isBlank() || tracestate.length() > MAX_TRACESTATE ? null : tracestate;
        TraceContext carried = new TraceContext(traceparent, state);
        return carried.spanContext().isValid() ? carried : null;
    }

    /** The context an inbox event carries (its {@code traceparent} and {@code tracestate} fields); null if none. */
    public static TraceContext ofEvent(JsonObject event) {
        return event.get("traceparent") instanceof JsonString traceparent
                ? of(
                        traceparent.getString(),
                        event.get("tracestate") instanceof JsonString state ? state.getString() : null)
                : null;
    }

    /** The context of a span, as the next hop receives it; null for an invalid one (a no-op span without parent). */
    public static TraceContext of(SpanContext span) {
        if (!span.isValid()) {
            return null;
        }
        String traceparent = "00-" + span.getTraceId() + "-" + span.getSpanId() + "-"
                + span.getTraceFlags().asHex();
        return new TraceContext(traceparent, tracestate(span.getTraceState()));
    }

    /** The event with this context as its {@code traceparent} (and {@code tracestate}) fields. */
    public JsonObject addTo(JsonObject event) {
        JsonObjectBuilder traced = MeshJson.object(event).add("traceparent", traceparent);
        if (tracestate != null) {
            traced.add("tracestate", tracestate);
        }
        return traced.build();
    }

    /**
     * The stored event's text with this context as its {@code traceparent}: the one it had replaced, or added at its
     * end. Text, not a JSON round trip: the consumer does it for every traced record.
     */
    public String replaceIn(String event, String stored) {
        if (stored != null) {
            return event.replace("\"traceparent\":\"" + stored + '"', "\"traceparent\":\"" + traceparent + '"');
        }
        int end = event.lastIndexOf('}');
        return end < 0 ? event : event.substring(0, end) + ",\"traceparent\":\"" + traceparent + "\"}";
    }

    /** The remote span this context names, for a child of it. */
    public Context asParent() {
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), this, GETTER);
    }

    SpanContext spanContext() {
        return Span.fromContext(asParent()).getSpanContext();
    }

    private static String tracestate(TraceState state) {
        if (state.isEmpty()) {
            return null;
        }
        StringJoiner members = new StringJoiner(",");
        state.forEach((key, value) -> members.add(key + "=" + value));
        String text = members.toString();
        return text.length() > MAX_TRACESTATE ? null : text;
    }
}

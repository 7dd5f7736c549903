package agentmesh.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import agentmesh.json.MeshJson;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import jakarta.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceContextTest {

    private static final String PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void aValidTraceparentIsKeptWithItsTracestate() {
        TraceContext context = TraceContext.of(PARENT, "congo=t61rcWkgMzE");
        assertEquals(PARENT, context.traceparent());
        assertEquals("congo=t61rcWkgMzE", context.tracestate());
        assertEquals("0af7651916cd43dd8448eb211c80319c", context.spanContext().getTraceId());
        assertEquals("b7ad6b7169203331", context.spanContext().getSpanId());
    }

    @Test
    void malformedOrAllZeroTraceparentsAreIgnored() {
        assertNull(TraceContext.of(null, null));
        assertNull(TraceContext.of("00-not-a-trace-context-01", null));
        assertNull(TraceContext.of("00-00000000000000000000000000000000-b7ad6b7169203331-01", null));
        assertNull(TraceContext.of("00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01", null));
        assertNull(TraceContext.of("ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", null));
        assertNull(TraceContext.of(PARENT.toUpperCase(), null));
    }

    @Test
    void anOversizedTracestateIsDroppedButTheTraceparentKept() {
        TraceContext context = TraceContext.of(PARENT, "a=" + "b".repeat(TraceContext.MAX_TRACESTATE));
        assertEquals(PARENT, context.traceparent());
        assertNull(context.tracestate());
    }

    @Test
    void theEventGetsTheContextAsFieldsAndTheConsumerReplacesIt() {
        JsonObject event =
                MeshJson.object().add("type", "message").add("eventId", "ev-1").build();
        TraceContext created = TraceContext.of(PARENT, "k=v");
        String stored = created.addTo(event).toString();
        assertEquals(
                "{\"type\":\"message\",\"eventId\":\"ev-1\",\"traceparent\":\"" + PARENT + "\",\"tracestate\":\"k=v\"}",
                stored);

        String next = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01";
        TraceContext delivered = TraceContext.of(next, null);
        JsonObject replaced = MeshJson.readObject(delivered.replaceIn(stored, PARENT));
        assertEquals(next, replaced.getString("traceparent"));
        assertEquals("k=v", replaced.getString("tracestate"));
        JsonObject added = MeshJson.readObject(delivered.replaceIn(event.toString(), null));
        assertEquals(next, added.getString("traceparent"));
        assertEquals("ev-1", added.getString("eventId"));
    }

    @Test
    void offTheNoOpSpansCarryTheClientsContextUnchangedAndMakeNothingWithoutOne() {
        Tracing off = new Tracing();
        off.start(name -> null);
        Span request = off.server("POST", "/messages", PARENT, "k=v");
        assertEquals(PARENT, off.handedOn(request).traceparent());
        assertEquals("k=v", off.handedOn(request).tracestate());
        Span create = off.messaging(
                "create",
                SpanKind.PRODUCER,
                "inbox.events",
                io.opentelemetry.context.Context.root().with(request));
        assertEquals(PARENT, off.handedOn(create).traceparent());

        assertNull(off.server("POST", "/messages", null, null));
        assertNull(off.messaging("create", SpanKind.PRODUCER, "inbox.events", io.opentelemetry.context.Context.root()));
        assertNull(off.handedOn(null));
    }

    @Test
    void tracingIsOnOnlyWithAnExporterConfiguredAndNotDisabled() {
        assertEquals(false, Tracing.enabled(Map.<String, String>of()::get));
        assertEquals(true, Tracing.enabled(Map.of("otel.exporter.otlp.endpoint", "http://collector:4318")::get));
        assertEquals(
                true, Tracing.enabled(Map.of("otel.exporter.otlp.traces.endpoint", "http://c:4318/v1/traces")::get));
        assertEquals(true, Tracing.enabled(Map.of("otel.traces.exporter", "otlp")::get));
        assertEquals(
                false,
                Tracing.enabled(
                        Map.of("otel.traces.exporter", "none", "otel.exporter.otlp.endpoint", "http://c")::get));
        assertEquals(
                false,
                Tracing.enabled(Map.of("otel.sdk.disabled", "true", "otel.exporter.otlp.endpoint", "http://c")::get));
    }
}

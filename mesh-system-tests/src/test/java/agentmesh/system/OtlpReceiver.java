package agentmesh.system;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP receiver on loopback, as an OpenTelemetry Collector's would be: {@code POST /v1/traces} with an
 * {@code ExportTraceServiceRequest} in protobuf (gzip or not), decoded with opentelemetry-proto and kept as plain
 * {@link ReceivedSpan}s; metrics and logs are accepted and dropped. At most {@link #MAX_SPANS} are kept.
 */
final class OtlpReceiver implements AutoCloseable {

    static final int MAX_SPANS = 200_000;

    /** A span as exported: ids in hex (the parent's empty for a root), attributes as text. */
    record ReceivedSpan(
            String traceId,
            String spanId,
            String parentSpanId,
            String name,
            String kind,
            long startNanos,
            long endNanos,
            Map<String, String> attributes,
            List<String> events,
            Map<String, String> resource) {

        String attribute(String key) {
            return attributes.get(key);
        }
    }

    private final HttpServer server;
    private final ConcurrentLinkedQueue<ReceivedSpan> spans = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            OtlpReceiver receiver = new OtlpReceiver(server);
            server.createContext("/", receiver::handle);
            server.setExecutor(Executors.newFixedThreadPool(2, runnable -> {
                Thread thread = new Thread(runnable, "otlp-receiver");
                thread.setDaemon(true);
                return thread;
            }));
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new IllegalStateException("the OTLP receiver did not start", e);
        }
    }

    /** The base URL for {@code OTEL_EXPORTER_OTLP_ENDPOINT} (the exporter adds {@code /v1/traces}). */
    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The spans received so far of one trace. */
    List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    int requests() {
        return requests.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body;
            try (InputStream in =
                    "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                            ? new GZIPInputStream(exchange.getRequestBody())
                            : exchange.getRequestBody()) {
                body = in.readNBytes(64 * 1024 * 1024);
            }
            byte[] answer = new byte[0];
            if (exchange.getRequestURI().getPath().equals("/v1/traces")) {
                keep(ExportTraceServiceRequest.parseFrom(body));
                answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            }
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                exchange.getResponseBody().write(answer);
            }
        }
    }

    private void keep(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            Map<String, String> resource = attributes(resourceSpans.getResource());
            for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (io.opentelemetry.proto.trace.v1.Span span : scopeSpans.getSpansList()) {
                    if (kept.incrementAndGet() > MAX_SPANS) {
                        return;
                    }
                    List<String> events = new ArrayList<>();
                    span.getEventsList().forEach(event -> events.add(event.getName()));
                    spans.add(new ReceivedSpan(
                            hex.formatHex(span.getTraceId().toByteArray()),
                            hex.formatHex(span.getSpanId().toByteArray()),
                            hex.formatHex(span.getParentSpanId().toByteArray()),
                            span.getName(),
                            span.getKind().name(),
                            span.getStartTimeUnixNano(),
                            span.getEndTimeUnixNano(),
                            attributes(span.getAttributesList()),
                            events,
                            resource));
                }
            }
        }
    }

    private static Map<String, String> attributes(Resource resource) {
        return attributes(resource.getAttributesList());
    }

    private static Map<String, String> attributes(List<KeyValue> values) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (KeyValue value : values) {
            attributes.put(value.getKey(), text(value.getValue()));
        }
        return attributes;
    }

    private static String text(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case INT_VALUE -> Long.toString(value.getIntValue());
            case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
            case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
            default -> value.toString();
        };
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package agentmesh.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The application's OpenTelemetry, set up once from the standard {@code OTEL_*} settings (environment variables, or
 * system properties {@code otel.*}) by the SDK's autoconfiguration, and the spans of the mesh's hops.
 *
 * <p>The rule: tracing is on when an exporter is configured — {@code OTEL_EXPORTER_OTLP_ENDPOINT} or
 * {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} set, or {@code OTEL_TRACES_EXPORTER} set to anything but {@code none} —
 * and {@code OTEL_SDK_DISABLED} is not {@code true}. Otherwise it is {@code OpenTelemetry.noop()}: every hop asks
 * {@link #on()} or whether a context came with the work, and does nothing more when neither; the context a client
 * sent still travels, since a no-op span carries its parent's context.
 *
 * <p>Set up by the mesh on every server, not through the server's MicroProfile Telemetry (which would add spans of
 * its own to every request and reads other switches). The classes are the EAR's (1.68) where the server hides its
 * own, Payara's (1.29) on Payara, which shows applications its OpenTelemetry first: the code here uses only what both
 * have (docs/TRACING.md). The mesh's metrics are its own ({@code /mesh/metrics}), so the SDK's
 * metric and log exporters default to {@code none}, and OTLP to {@code http/protobuf} (sent by the JDK's client).
 */
@ApplicationScoped
public class Tracing {

    public static final AttributeKey<String> MESSAGING_SYSTEM = AttributeKey.stringKey("messaging.system");
    public static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");
    public static final AttributeKey<String> OPERATION_TYPE = AttributeKey.stringKey("messaging.operation.type");
    public static final AttributeKey<String> OPERATION_NAME = AttributeKey.stringKey("messaging.operation.name");
    public static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
    public static final AttributeKey<Long> BATCH_COUNT = AttributeKey.longKey("messaging.batch.message_count");
    public static final AttributeKey<String> HTTP_METHOD = AttributeKey.stringKey("http.request.method");
    public static final AttributeKey<String> HTTP_ROUTE = AttributeKey.stringKey("http.route");
    public static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
    public static final AttributeKey<Long> HTTP_RESEND_COUNT = AttributeKey.longKey("http.request.resend_count");
    public static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
    public static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    public static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    public static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    public static final AttributeKey<String> AGENT = AttributeKey.stringKey("mesh.agent");
    public static final AttributeKey<String> TASK = AttributeKey.stringKey("mesh.task.id");
    public static final AttributeKey<String> EVENT_TYPE = AttributeKey.stringKey("mesh.event.type");
    public static final AttributeKey<String> RECIPIENT = AttributeKey.stringKey("mesh.recipient");

    private static final Logger LOG = Logger.getLogger(Tracing.class.getName());
    private static final String SCOPE = "agentmesh";

    /** Below anything the operator sets: the SDK's own environment and system properties win over these. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "otel.service.name", "agent-mesh",
            "otel.metrics.exporter", "none",
            "otel.logs.exporter", "none",
            "otel.exporter.otlp.protocol", "http/protobuf");

    private OpenTelemetrySdk sdk;
    private Tracer tracer = OpenTelemetry.noop().getTracer(SCOPE);
    private boolean on;

    /** Off until started: so stay the instances of unit tests. */
    public Tracing() {}

    @PostConstruct
    void start() {
        start(Tracing::setting);
    }

    void start(UnaryOperator<String> settings) {
        if (!enabled(settings)) {
            LOG.info("Tracing off (no OTLP endpoint or traces exporter configured: docs/TRACING.md)");
            return;
        }
        try {
            AutoConfiguredOpenTelemetrySdk configured = AutoConfiguredOpenTelemetrySdk.builder()
                    .addPropertiesSupplier(() -> DEFAULTS)
                    // Its providers (exporters, resources) from where the SDK itself was loaded: on Payara, whose
                    // OpenTelemetry is visible to applications and found first, that is Payara's, and the EAR's
                    // newer providers must not be mixed into it (docs/TRACING.md).
                    .setServiceClassLoader(AutoConfiguredOpenTelemetrySdk.class.getClassLoader())
                    // Shut down with the application (stop()), not the JVM: a hook would hold an undeployed
                    // application's classes until the server exits.
                    .disableShutdownHook()
                    .build();
            sdk = configured.getOpenTelemetrySdk();
            tracer = sdk.getTracer(SCOPE);
            on = true;
            LOG.info(() -> "Tracing on: OpenTelemetry SDK "
                    + Resource.getDefault().getAttribute(AttributeKey.stringKey("telemetry.sdk.version"))
                    + " from the OTEL_* settings, endpoint "
                    + firstSet(settings, "otel.exporter.otlp.traces.endpoint", "otel.exporter.otlp.endpoint"));
        } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
            // A wrong setting (or a server's OpenTelemetry in the way) must not keep the mesh from serving: it runs
            // untraced, and says why.
            LOG.log(Level.SEVERE, "Tracing off: the OTEL_* settings could not be applied", e);
        }
    }

    /** Whether spans are recorded and exported (an exporter configured); off, only carried contexts travel. */
    public boolean on() {
        return on;
    }

    public Tracer tracer() {
        return tracer;
    }

    @PreDestroy
    void stop() {
        if (sdk != null) {
            // What is still batched goes out. (The tracer provider's: OpenTelemetrySdk.shutdown() is newer than
            // Payara's SDK.)
            sdk.getSdkTracerProvider().shutdown().join(5, TimeUnit.SECONDS);
        }
    }

    /**
     * A request's span, of kind SERVER, continuing the caller's trace if its headers carry one; null when tracing is
     * off and they carry none (nothing to record, nothing to carry on).
     */
    public Span server(String method, String route, String traceparent, String tracestate) {
        Span span = server(method + " " + route, traceparent, tracestate);
        if (span != null && span.isRecording()) {
            span.setAttribute(HTTP_METHOD, method).setAttribute(HTTP_ROUTE, route);
        }
        return span;
    }

    /**
     * Runs an HTTP request in its SERVER span ({@link #server(String, String, String, String)}), the answer's status
     * on it and a failure recorded; straight through when there is no span.
     */
    public <T> T serve(
            String method,
            String route,
            String traceparent,
            String tracestate,
            Supplier<T> request,
            ToLongFunction<T> status) {
        Span span = server(method, route, traceparent, tracestate);
        if (span == null) {
            return request.get();
        }
        RuntimeException failure = null;
        try (Scope scope = span.makeCurrent()) {
            T answer = request.get();
            span.setAttribute(HTTP_STATUS, status.applyAsLong(answer));
            return answer;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            end(span, failure);
        }
    }

    /**
     * A span of kind SERVER named as the caller's protocol names its operation (an A2A method, an MCP tool call),
     * continuing the caller's trace if it sent one; null when tracing is off and it sent none.
     */
    public Span server(String name, String traceparent, String tracestate) {
        TraceContext caller = traceparent == null ? null : TraceContext.of(traceparent, tracestate);
        if (!on && caller == null) {
            return null;
        }
        SpanBuilder span = tracer.spanBuilder(name).setSpanKind(SpanKind.SERVER);
        return (caller == null ? span.setNoParent() : span.setParent(caller.asParent())).startSpan();
    }

    /**
     * An outbound HTTP call's span, of kind CLIENT, made for work that carries a trace context (an inbox event the
     * relay delivers): its child, named as OpenTelemetry's HTTP client spans are ({@code POST}) or as the protocol
     * names the call ({@code SendMessage}). Null when the work carries no context, tracing on or off: nothing is
     * recorded and no header sent. {@code url.full} is the URL without its user info, query and fragment, where
     * credentials and tokens go.
     */
    public Span client(String name, String method, URI url, TraceContext parent) {
        if (parent == null) {
            return null;
        }
        Span span = tracer.spanBuilder(name)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(parent.asParent())
                .startSpan();
        if (span.isRecording()) {
            span.setAttribute(HTTP_METHOD, method)
                    .setAttribute(URL_FULL, withoutSecrets(url))
                    .setAttribute(SERVER_ADDRESS, String.valueOf(url.getHost()))
                    .setAttribute(SERVER_PORT, port(url));
        }
        return span;
    }

    /**
     * A messaging span ({@code create}, {@code send}, {@code process}, {@code receive}, {@code settle}) on the
     * events topic, child of the given context; null when tracing is off and the parent is no context (nothing
     * carried).
     */
    public Span messaging(String operation, SpanKind kind, String destination, Context parent) {
        boolean carried =
                parent != null && Span.fromContext(parent).getSpanContext().isValid();
        if (!on && !carried) {
            return null;
        }
        SpanBuilder span = tracer.spanBuilder(operation + " " + destination)
                .setSpanKind(kind)
                .setAttribute(MESSAGING_SYSTEM, "kafka")
                .setAttribute(DESTINATION, destination)
                .setAttribute(OPERATION_TYPE, operation)
                .setAttribute(OPERATION_NAME, operation);
        return (carried ? span.setParent(parent) : span.setNoParent()).startSpan();
    }

    /**
     * The context a hop hands on (stores with the message and event, puts in the record's headers, gives the
     * recipient): the span's. Off, that is the context the client sent, carried as it came. On, only a sampled
     * span's: an unsampled trace leaves the events as they were (no field, no header), so that a sampler that keeps
     * a few traces costs the others nothing but their spans.
     */
    public TraceContext handedOn(Span span) {
        if (span == null) {
            return null;
        }
        SpanContext context = span.getSpanContext();
        return on && !context.isSampled() ? null : TraceContext.of(context);
    }

    /** Ends a span, as failed if there is a failure; nothing for no span. */
    public static void end(Span span, Throwable failure) {
        if (span == null) {
            return;
        }
        if (failure != null) {
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
        }
        span.end();
    }

    static String withoutSecrets(URI url) {
        try {
            return new URI(url.getScheme(), null, url.getHost(), url.getPort(), url.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return url.getScheme() + "://" + url.getHost();
        }
    }

    private static long port(URI url) {
        return url.getPort() >= 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    }

    static boolean enabled(UnaryOperator<String> settings) {
        if ("true".equalsIgnoreCase(settings.apply("otel.sdk.disabled"))) {
            return false;
        }
        String exporter = settings.apply("otel.traces.exporter");
        if (exporter != null) {
            return !exporter.trim().equalsIgnoreCase("none");
        }
        return firstSet(settings, "otel.exporter.otlp.traces.endpoint", "otel.exporter.otlp.endpoint") != null;
    }

    private static String firstSet(UnaryOperator<String> settings, String... names) {
        for (String name : names) {
            String value = settings.apply(name);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    // As the SDK reads it: the system property otel.x.y, else the environment variable OTEL_X_Y; blank is unset.
    private static String setting(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            value = System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_'));
        }
        return value == null || value.isBlank() ? null : value.trim();
    }
}

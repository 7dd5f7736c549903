package agentmesh.a2a.relay.control;

import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import java.net.URI;
import java.net.http.HttpRequest;

/**
 * The CLIENT span of one outbound call made for an inbox event that carries a trace context (docs/TRACING.md): each
 * attempt its own, a retry counted in {@code http.request.resend_count}; the call's {@code traceparent} and
 * {@code tracestate} headers are the span's. {@link #NONE} for an event without a context: no span, no header.
 */
final class CallSpan {

    static final CallSpan NONE = new CallSpan(null, null);

    private final Span span;
    private final TraceContext sent;

    private CallSpan(Span span, TraceContext sent) {
        this.span = span;
        this.sent = sent;
    }

    /** The span of a call to {@code url} for an event of this context, tried {@code attempt} times before. */
    static CallSpan start(Tracing tracing, String name, URI url, TraceContext event, int attempt) {
        Span span = tracing.client(name, "POST", url, event);
        if (span == null) {
            return NONE;
        }
        if (attempt > 0 && span.isRecording()) {
            span.setAttribute(Tracing.HTTP_RESEND_COUNT, attempt);
        }
        return new CallSpan(span, tracing.handedOn(span));
    }

    /** The context the other side is handed; null when none (no span, or an unsampled trace). */
    TraceContext sent() {
        return sent;
    }

    /** Puts the context the other side is handed in the request's headers. */
    HttpRequest.Builder inject(HttpRequest.Builder request) {
        if (sent != null) {
            request.header("traceparent", sent.traceparent());
            if (sent.tracestate() != null) {
                request.header("tracestate", sent.tracestate());
            }
        }
        return request;
    }

    CallSpan attribute(String key, String value) {
        if (span != null && span.isRecording()) {
            span.setAttribute(key, value);
        }
        return this;
    }

    void answered(int status) {
        if (span != null && span.isRecording()) {
            span.setAttribute(Tracing.HTTP_STATUS, status);
        }
    }

    /** Ends the span: OK for a result, else ERROR with the reply's reason and {@code errorType}. */
    A2aCalls.Reply ended(A2aCalls.Reply reply, String errorType) {
        if (span == null) {
            return reply;
        }
        if (!(reply instanceof A2aCalls.Result)) {
            span.setAttribute(Tracing.ERROR_TYPE, errorType == null ? "_OTHER" : errorType);
            span.setStatus(StatusCode.ERROR, why(reply));
        }
        span.end();
        return reply;
    }

    /** Ends the span for a call that ended in an exception: its class is the error's type. */
    A2aCalls.Reply ended(A2aCalls.Reply reply, Exception failure) {
        return ended(reply, failure.getClass().getName());
    }

    /** Ends the span for something that escapes the call. */
    void failed(RuntimeException failure) {
        if (span != null) {
            span.setAttribute(Tracing.ERROR_TYPE, failure.getClass().getName());
            Tracing.end(span, failure);
        }
    }

    private static String why(A2aCalls.Reply reply) {
        if (reply instanceof A2aCalls.Refused refused) {
            return refused.why();
        }
        if (reply instanceof A2aCalls.Unreachable unreachable) {
            return unreachable.why();
        }
        return reply instanceof A2aCalls.NotAllowed notAllowed ? notAllowed.why() : "";
    }
}

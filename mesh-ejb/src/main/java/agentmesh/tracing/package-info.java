/**
 * One trace through the whole path: OpenTelemetry spans for each hop of an event, and the W3C trace context carried
 * from the sender to the recipient.
 *
 * <p>Purpose: a send that carries {@code traceparent}/{@code tracestate} continues that trace, a send without one
 * starts one; the context is stored with the message and its outbox event, travels in the Kafka record's headers, is
 * restored by the consumer and handed to the recipient with the inbox event, so that its answer continues the trace.
 *
 * <p>Set up: {@link agentmesh.tracing.Tracing}, once per application, from the standard {@code OTEL_*} settings
 * through the SDK's autoconfiguration; off ({@code OpenTelemetry.noop()}) unless an exporter is configured. Off, the
 * context a client sent still travels (the no-op spans carry their parent's context) and nothing else is made.
 *
 * <p>The spans and their attributes: docs/TRACING.md.
 */
package agentmesh.tracing;

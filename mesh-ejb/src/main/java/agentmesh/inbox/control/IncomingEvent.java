package agentmesh.inbox.control;

import agentmesh.json.MeshJson;
import agentmesh.tracing.TraceContext;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * An event read from the topic, checked: it names its type and id, and its record key is its recipient. A record
 * that is not such an event can never be delivered: {@link PoisonRecordException}.
 */
record IncomingEvent(
        String recipient,
        String eventId,
        String messageId,
        String type,
        String taskId,
        Instant createdAt,
        String payload,
        String storedTraceparent,
        TraceContext carried) {

    static IncomingEvent of(InboxRecord record) {
        JsonObject event = parse(record.value());
        // Events published before eventId existed carry only their messageId, which was the same thing then.
        String eventId = event.containsKey("eventId") ? required(event, "eventId") : required(event, "messageId");
        String type = required(event, "type");
        String recipient = record.key();
        if (recipient == null || !recipient.equals(event.getString("to", recipient))) {
            throw new PoisonRecordException("record key " + recipient + " is not the event's recipient");
        }
        return new IncomingEvent(
                recipient,
                eventId,
                event.getString("messageId", null),
                type,
                event.getString("taskId", null),
                createdAt(event),
                record.value(),
                optional(event, "traceparent"),
                carried(record, event));
    }

    /**
     * The trace context the record carries: its headers' (the publisher's send span), else the one stored in the
     * event (a record published before its headers carried one, or replayed from the dead letters); null if none.
     */
    private static TraceContext carried(InboxRecord record, JsonObject event) {
        if (record.traceparent() != null) {
            TraceContext headers = TraceContext.of(record.traceparent(), record.tracestate());
            if (headers != null) {
                return headers;
            }
        }
        String stored = optional(event, "traceparent");
        return stored == null ? null : TraceContext.of(stored, optional(event, "tracestate"));
    }

    private static String optional(JsonObject event, String field) {
        return event.get(field) instanceof JsonString value ? value.getString() : null;
    }

    private static JsonObject parse(String value) {
        try {
            return MeshJson.readObject(value);
        } catch (JsonException | IllegalStateException | ClassCastException | NullPointerException e) {
            throw new PoisonRecordException("record value is not a JSON object: " + e.getMessage());
        }
    }

    private static String required(JsonObject event, String field) {
        if (!(event.get(field) instanceof JsonString value) || value.getString().isEmpty()) {
            throw new PoisonRecordException("event has no " + field);
        }
        return value.getString();
    }

    // Only for the latency metric: an event without a readable time is still delivered.
    private static Instant createdAt(JsonObject event) {
        try {
            return event.containsKey("createdAt") ? Instant.parse(event.getString("createdAt")) : null;
        } catch (DateTimeParseException | ClassCastException e) {
            return null;
        }
    }
}

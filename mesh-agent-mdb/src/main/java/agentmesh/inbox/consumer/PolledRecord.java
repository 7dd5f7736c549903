package agentmesh.inbox.consumer;

import agentmesh.inbox.control.InboxRecord;
import agentmesh.tracing.TraceHeaders;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record as a consumer polled it, in plain types: what {@link PartitionDelivery} and the dead letters need of it,
 * whichever consumer polled it (the loops' Kafka client, or Reactive Messaging's connector in another module), with
 * the trace context of its headers (null: published untraced).
 */
public record PolledRecord(
        String topic, int partition, long offset, String key, String value, String traceparent, String tracestate) {

    /** A record published untraced. */
    public PolledRecord(String topic, int partition, long offset, String key, String value) {
        this(topic, partition, offset, key, value, null, null);
    }

    public static PolledRecord of(ConsumerRecord<String, String> record) {
        return new PolledRecord(
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value(),
                TraceHeaders.traceparent(record.headers()),
                TraceHeaders.tracestate(record.headers()));
    }

    /** The record as the delivery takes it, straight from the client's record. */
    static InboxRecord inboxRecordOf(ConsumerRecord<String, String> record) {
        return new InboxRecord(
                record.key(),
                record.value(),
                TraceHeaders.traceparent(record.headers()),
                TraceHeaders.tracestate(record.headers()));
    }

    InboxRecord inboxRecord() {
        return new InboxRecord(key, value, traceparent, tracestate);
    }

    @Override
    public String toString() {
        return topic + "-" + partition + "@" + offset;
    }
}

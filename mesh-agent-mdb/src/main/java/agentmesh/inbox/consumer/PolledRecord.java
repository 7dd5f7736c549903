package agentmesh.inbox.consumer;

import agentmesh.inbox.control.InboxRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record as a consumer polled it, in plain types: the Reactive Messaging consumer, in a module of its own, hands its
 * records to this one without sharing the Kafka client's classes with it.
 */
public record PolledRecord(String topic, int partition, long offset, String key, String value) {

    static PolledRecord of(ConsumerRecord<String, String> record) {
        return new PolledRecord(record.topic(), record.partition(), record.offset(), record.key(), record.value());
    }

    InboxRecord inboxRecord() {
        return new InboxRecord(key, value);
    }

    @Override
    public String toString() {
        return topic + "-" + partition + "@" + offset;
    }
}

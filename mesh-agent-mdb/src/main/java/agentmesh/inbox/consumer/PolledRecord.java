package agentmesh.inbox.consumer;

import agentmesh.inbox.control.InboxRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record as a consumer polled it, in plain types: what {@link PartitionDelivery} and the dead letters need of it,
 * whichever consumer polled it (the loops' Kafka client, or Reactive Messaging's connector in another module).
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

package agentmesh.inboxchannel;

import agentmesh.kafka.KafkaSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Map;

/**
 * The inbox channel's Kafka client properties for WildFly's Reactive Messaging: the inbox consumer's, with the
 * operator's {@code mesh.kafka.*} among them (SASL, TLS, …). The Kafka connector looks a map of this name up from
 * the EAR's top level and adds it below the channel's own configuration ({@code microprofile-config.properties}),
 * which wins where both name a property.
 */
@ApplicationScoped
public class InboxChannelKafka {

    /** The connector's name for the properties every Kafka channel of the application starts from. */
    static final String NAME = "default-kafka-broker";

    @Inject
    KafkaSettings settings;

    @Produces
    @Named(NAME)
    Map<String, Object> inboxChannel() {
        return settings.consumer();
    }
}

/**
 * The parts of the inbox channel (WildFly's Reactive Messaging) that the Kafka connector looks up at the EAR's top
 * level: its rebalance listener, which tells the consumer's module of each assignment and revocation, and its Kafka
 * client properties ({@link agentmesh.inboxchannel.InboxChannelKafka}, from {@link agentmesh.kafka.KafkaSettings}).
 */
package agentmesh.inboxchannel;

/**
 * The parts of the inbox channel (WildFly's Reactive Messaging) that the Kafka connector looks up at the EAR's top
 * level: its rebalance listener, which tells the consumer's module of each assignment and revocation.
 */
package agentmesh.inboxchannel;

/**
 * The mesh's readiness checks ({@code /health/ready}): {@code mesh-database}, {@code mesh-kafka},
 * {@code mesh-kafka-topic} and {@code mesh-inbox-consumer}. They are a library of the EAR, not part of a module,
 * because WildFly's MicroProfile Health registers only the checks that the EAR's top level sees (its libraries),
 * while Payara finds them anywhere. What each check finds out needs the EJB modules' datasource, Kafka clients and
 * consumer, which a library cannot see: so a check answers with what a module hands it at start-up
 * ({@link agentmesh.health.ReadinessCheck#answerWith}); until then it is down, "starting".
 */
package agentmesh.health;

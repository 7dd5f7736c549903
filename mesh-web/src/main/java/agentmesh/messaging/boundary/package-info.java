/**
 * Sending over HTTP (the feature and its guarantees: {@code agentmesh.messaging}):
 * {@link agentmesh.messaging.boundary.MessagesResource}, {@code POST /messages}, binds and validates a
 * {@link agentmesh.messaging.boundary.SendMessageRequest}, has {@code IdentityCheck} check the pair, and calls
 * {@code MessageSender.send}: 201 with the task's location for a new message, 200 with the original answer for a
 * repeated one, 409 for an id already used for different content. Bad input changes nothing.
 */
package agentmesh.messaging.boundary;

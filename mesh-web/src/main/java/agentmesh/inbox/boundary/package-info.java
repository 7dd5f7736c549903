/**
 * The inbox over HTTP (the feature and its guarantees: {@code agentmesh.inbox}).
 *
 * <p>Operations: {@link agentmesh.inbox.boundary.InboxResource}: {@code GET /inbox} (a page after a cursor, with
 * {@code wait} a long poll), {@code GET /inbox/stream} (Server-Sent Events, resumed by {@code Last-Event-ID}),
 * {@code POST /inbox/ack}; {@link agentmesh.inbox.boundary.InboxWaiters} holds the long polls that found nothing
 * (and MCP's {@code mesh_wait_for_message}, as a future) and
 * {@link agentmesh.inbox.boundary.InboxStreams} the open streams, all waiting in {@code InboxWaits}; pages are read on
 * {@link agentmesh.web.readers.ReaderThreads}, in one lane per agent ({@link agentmesh.web.readers.AgentLanes});
 * {@link agentmesh.inbox.boundary.DeadLettersResource}: the admin's list and replay of parked records.
 *
 * <p>Invariants: an agent reads only its own inbox; without a cursor a reader resumes after its last ack; a stream
 * sends in cursor order with no gap and no repeat; a waiting poll or stream holds no thread and costs no query until
 * its agent is signalled; a client that stops reading holds up only its own agent's lane; polls and streams are
 * capped per agent (a new one ends the oldest) and end when the token that opened them is rotated.
 */
package agentmesh.inbox.boundary;

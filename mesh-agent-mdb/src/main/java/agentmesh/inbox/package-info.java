/**
 * The inbox consumer (to be built): a {@code @Startup @Singleton} runs plain kafka-clients consumer loops on the
 * container's ManagedThreadFactory; each record is handled by a {@code @Stateless} REQUIRED method that inserts
 * {@code (agent_id, message_id)} into a dedup table and appends the event to the recipient's inbox, and only after
 * that transaction commits is the offset committed. See DESIGN.md, "Inbox consumer".
 */
package agentmesh.inbox;

/**
 * The change feed: how a server instance hears of what the others changed in the shared database.
 *
 * <p>Purpose: what one instance does and the others must react to — a token rotated, an inbox delivered to — is
 * told at once on the instance that did it (a CDI event after the commit), and within a poll (a tenth of a second by default) on the others
 * through {@link agentmesh.changes.ChangeFeed}.
 *
 * <p>Operations: a feature declares what it follows as a bean implementing
 * {@link agentmesh.changes.ChangeFeed.Followed} — a query over an indexed change time and what to do with each row
 * ({@code agentmesh.agent.control.TokenRotationChanges}, {@code agentmesh.inbox.control.InboxCursorChanges}); the feed
 * polls them all every {@code mesh.changes.poll-interval-ms} on the container's scheduled executor.
 *
 * <p>Invariants: no change is missed however late a poll runs (each reads from the previous poll's start, less an
 * overlap for late commits, by the database's clock); a change may be heard twice; a follower that fails is read
 * again at the next poll.
 *
 * <p>Out of scope: ordering between kinds of change; pushing changes between instances (the database is the only
 * channel they share).
 */
package agentmesh.changes;

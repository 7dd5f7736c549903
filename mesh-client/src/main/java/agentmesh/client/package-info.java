/**
 * The Java client library of the mesh's HTTP API: an agent's side ({@link agentmesh.client.MeshAgent}) and the
 * admin's ({@link agentmesh.client.MeshAdmin}).
 *
 * <p>Purpose: an agent developer sends, reads and acknowledges through typed calls instead of HTTP by hand, and gets
 * the API's guarantees without knowing them: a retried send is stored once, a resumed stream has no gap and no
 * repeat.
 *
 * <p>Operations: {@link agentmesh.client.MeshHttp} makes each exchange (the bearer token, JSON answers, refusals as
 * {@link agentmesh.client.MeshProblemException}); {@link agentmesh.client.RetryPolicy} repeats what is safe to repeat
 * (503/429 after {@code Retry-After}, a failed connection); {@link agentmesh.client.MessageIds} names a send before its
 * first attempt; {@link agentmesh.client.InboxSubscription} follows the inbox as a stream and resumes it from the last
 * handled event; {@link agentmesh.client.Pages} are the API's bounded pages, each with the cursor to read on.
 *
 * <p>Invariants: a send's id is fixed before its first attempt and carried by every retry; a request that is not safe
 * to repeat is never retried; a stream hands its listener one event at a time in cursor order.
 */
package agentmesh.client;

/**
 * The outbound relay's mechanism and its two targets (the feature and its guarantees: {@code agentmesh.a2a.relay}).
 *
 * <p>Operations: {@link agentmesh.a2a.relay.control.CursorRelay} reads each target's agent inbox after the target's
 * cursor and delivers one event at a time on a few workers; a relay's targets are rows kept one way
 * ({@link agentmesh.a2a.relay.control.RelayTargets}): {@link agentmesh.a2a.relay.control.RelayLeases} keeps the
 * leases, cursors and retry state on them, {@link agentmesh.a2a.relay.control.OutboundDeadLetters} the parked events, which {@link agentmesh.a2a.relay.control.RelayDeadLetters} lists, counts and replays for either
 * target. {@link agentmesh.a2a.relay.control.RemoteRelay} delivers a remote agent's inbox
 * ({@link agentmesh.a2a.relay.control.RemoteAgents}, attached through
 * {@link agentmesh.a2a.relay.control.RemoteAgentAdmin}) and {@link agentmesh.a2a.relay.control.RemoteAnswers} applies
 * what the server answered, {@link agentmesh.a2a.relay.control.RemoteFollower} following the tasks still running;
 * {@link agentmesh.a2a.relay.control.PushRelay} posts a task's updates to a client's webhook
 * ({@link agentmesh.a2a.relay.control.PushConfigs}, made by {@link agentmesh.a2a.relay.control.PushNotifications},
 * shown by {@link agentmesh.a2a.relay.control.PushAdmin}). Every call goes through
 * {@link agentmesh.a2a.relay.control.A2aCalls}, whose reply is a result, a refusal, unreachable or not allowed.
 *
 * <p>Invariants: a result moves the cursor on; a refusal or an unreachable server is retried with backoff until the
 * retries park the event; a call the URL policy forbids parks it at once; a remote answer is applied or refused for
 * good ({@link agentmesh.a2a.relay.control.StateMoves}), never retried without end; every exchange is bounded in time
 * and bytes ({@link agentmesh.a2a.relay.control.RemoteLimits}).
 */
package agentmesh.a2a.relay.control;

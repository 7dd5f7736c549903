/**
 * The chaos suite: proof, the way Kafka's replication tests prove a log, that the mesh keeps its promise through
 * crashes and outages — every send acknowledged with a 2xx reaches its recipient exactly once, in commit order.
 *
 * <p>A run ({@link agentmesh.system.chaos.ChaosRun}) starts the whole stack through the project's launcher, then
 * agents ({@link agentmesh.system.chaos.Participants}) send to each other over many tasks at a steady rate
 * ({@link agentmesh.system.chaos.LoadGenerator}), each retrying failed or timed-out sends with the same messageId
 * ({@link agentmesh.system.chaos.AgentSender}) and reading its inbox live by cursor
 * ({@link agentmesh.system.chaos.InboxWatcher}). Meanwhile faults strike on a schedule, alone or together
 * ({@link agentmesh.system.chaos.FaultInjector}): Payara killed with SIGKILL and restarted; the Kafka broker stopped
 * or killed and started again on its log; the consumer crashing between its database commit and its offset commit;
 * every database connection of the mesh killed in MariaDB; the identity service too slow to answer.
 *
 * <p>When the load stops and the mesh has drained, {@link agentmesh.system.chaos.Verification} checks every inbox
 * against what the senders were told: nothing acknowledged missing, nothing twice, per-recipient commit order,
 * per-task seq without gaps, cursors without gaps, and the live readers' view equal to the inbox.
 * {@link agentmesh.system.chaos.ChaosReport} prints the figures, the duplicates each layer suppressed, each fault's
 * recovery time and the verdict; {@link agentmesh.system.chaos.ChaosIT} fails on any violation.
 *
 * <p>Two profiles ({@link agentmesh.system.chaos.ChaosProfile}): {@code short}, about five minutes with a few faults
 * of each kind, in every test run; {@code long}, thirty minutes of faults drawn from a seed, for releases.
 */
package agentmesh.system.chaos;

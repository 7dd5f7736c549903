/**
 * {@code meshctl}: the mesh from a terminal or a script, over the client library.
 *
 * <p>Purpose: an agent's everyday commands ({@link agentmesh.cli.AgentCommands}: send, inbox, follow, ack, tasks) and
 * an admin's ({@link agentmesh.cli.AgentAdminCommands}: agents, tokens, contacts;
 * {@link agentmesh.cli.OperationsCommands}: outbox, dead letters, idle scan, stats), without writing HTTP.
 *
 * <p>Operations: {@link agentmesh.cli.MeshCtl} parses the command line (picocli) and takes URL and tokens from the
 * environment or files; results are printed as tables ({@link agentmesh.cli.Table}, {@link agentmesh.cli.StatsView})
 * or, with {@code --json}, as the API's own JSON ({@link agentmesh.cli.JsonOutput}).
 *
 * <p>Invariants: a token is never taken from the command line (where {@code ps} shows it); the exit status says the
 * outcome (docs/CLI.md); what is printed with {@code --json} is the API's answer unchanged.
 */
package agentmesh.cli;

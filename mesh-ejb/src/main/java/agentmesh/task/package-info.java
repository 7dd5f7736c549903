/**
 * Tasks: the A2A unit of work between a requester and an assignee.
 *
 * <p>Purpose: hold a task's status, its strictly ordered history of messages and its artifacts.
 *
 * <p>Operations: {@link agentmesh.task.control.TaskReader} reads a task, its messages and its artifacts in pages
 * bounded by count and by bytes ({@code mesh.http.max-page-bytes}), and lists an agent's tasks; only the task's two
 * agents may read it. {@link agentmesh.task.control.TaskLifecycle} changes the status (A2A's states and
 * transitions), cancels, adds artifacts and appends parts to them; each of these writes an event for the other agent
 * through the outbox.
 * {@link agentmesh.task.control.IdleTaskScan} fails tasks idle past the timeout. Tasks are created by the first
 * message of a conversation (see {@code agentmesh.messaging}).
 *
 * <p>Guarantee: <b>G8 idle timeout</b> — a submitted or working task with no activity for
 * {@code mesh.task.idle-limit-seconds} is failed once (reason {@code idle-timeout}), however many scans run at once,
 * and each of its two agents is told once.
 *
 * <p>Invariants: a task's messages are numbered 1, 2, … with no gap or duplicate ({@code seq}); the number is taken
 * under the task row's lock, which also serialises concurrent writes into one task. {@code updated_at} is the last
 * activity. A terminal task (completed, failed, canceled, rejected) takes no more messages and never changes state.
 * An artifact is written once and grows only by appends, each a row of its own after it (its next {@code chunk}),
 * within 64 parts and 1 MiB of parts in all.
 * A status change or an artifact, like a message, needs the two agents to be allowed to talk at that moment;
 * cancel does not: either agent may always end a task it is part of.
 */
package agentmesh.task;

/**
 * Tasks: the A2A unit of work between a requester and an assignee.
 *
 * <p>Purpose: hold a task's status and its strictly ordered history of messages.
 *
 * <p>Operations: {@link agentmesh.task.control.TaskReader#read} (only the task's two agents may read it). Tasks are
 * created by the first message of a conversation (see {@code agentmesh.messaging}).
 *
 * <p>Invariants: a task's messages are numbered 1, 2, … with no gap or duplicate ({@code seq}); the number is taken
 * under the task row's lock, which also serialises concurrent sends into one task. {@code updated_at} is the last
 * activity. A terminal task (completed, failed, canceled, rejected) takes no more messages.
 *
 * <p>Out of scope so far: status transitions, artifacts, listing and the idle timeout (the task lifecycle issue).
 */
package agentmesh.task;

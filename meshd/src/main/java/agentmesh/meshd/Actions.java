package agentmesh.meshd;

import agentmesh.client.Artifact;
import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Message;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import java.util.List;

/**
 * What a brain can do while it handles one event: the tools {@code mesh_send_message}, {@code mesh_reply},
 * {@code mesh_update_task}, {@code mesh_add_artifact} and {@code mesh_read_task}.
 *
 * <p>Handling an event again must not act again: meshd may have acted and died before it recorded the event as
 * handled. So every action carries an id derived from the event and the action's place in the handling
 * ({@code <event key>:<n>}): a message sent again with its id is stored once by the mesh (it answers with the
 * original), an artifact added again with its id is refused as existing, a status the task already has is not set
 * again, and one it has moved past is refused as an illegal transition; each of these means "done before" here. The
 * same ids serve {@code meshd mcp}, where the key names the process's run instead of an event. A brain that
 * acts the same way for the same event (the scripted one) repeats nothing; an LLM that decides differently the
 * second time is held to what it did the first time, step by step.
 */
final class Actions {

    private final MeshAgent agent;
    private final String key;
    private final InboxEvent event;
    private final Transcript transcript;
    private int step;

    Actions(MeshAgent agent, String key, InboxEvent event, Transcript transcript) {
        this.agent = agent;
        this.key = key;
        this.event = event;
        this.transcript = transcript;
    }

    String agentId() {
        return agent.agentId();
    }

    /** The event being handled; null while running the start actions. */
    InboxEvent event() {
        return event;
    }

    /** Sends a message: in {@code taskId} when given, else opening a new task with {@code to}. */
    SendReceipt sendMessage(String to, String taskId, String text) {
        String id = nextId();
        Message message = new Message(id, to, taskId, null, List.of(Part.text(text)));
        try {
            // In the trace of the event being handled, if it came in one: the answer continues it (docs/TRACING.md).
            SendReceipt receipt = agent.send(message, event == null ? null : event.trace());
            transcript.said(agent.agentId(), to, receipt.taskId(), text, receipt.repeated());
            return receipt;
        } catch (MeshProblemException.Conflict e) {
            transcript.note(agent.agentId(), "message " + id + " was sent before (" + e.detail() + ")");
            return null;
        }
    }

    /** Replies in a task (the event's when {@code taskId} is null) to its other agent. */
    SendReceipt reply(String taskId, String text) {
        if (taskId == null) {
            return sendMessage(requireEvent().from(), requireEvent().taskId(), text);
        }
        Task task = agent.task(taskId, 0);
        return sendMessage(task.requester().equals(agent.agentId()) ? task.assignee() : task.requester(), taskId, text);
    }

    /**
     * Moves a task (the event's when {@code taskId} is null) to {@code state}. A task already in that state is left
     * alone (no news for the other agent, and what makes a repeated handling quiet); a refused move is answered with
     * the task's status.
     */
    Task.Status updateTask(String taskId, TaskState state, String reason) {
        String task = taskId == null ? requireEvent().taskId() : taskId;
        nextId(); // a place in the handling, so that later steps keep their ids whatever this one does
        Task.Status now = agent.task(task, 0).status();
        if (now.state() == state) {
            transcript.note(agent.agentId(), "task " + task + " is " + state.wireName() + " already");
            return now;
        }
        try {
            Task.Status status = agent.changeStatus(task, state, reason);
            transcript.note(
                    agent.agentId(),
                    "task " + task + " is " + state.wireName() + (reason == null ? "" : " (" + reason + ")"));
            return status;
        } catch (MeshProblemException.Conflict e) {
            transcript.note(
                    agent.agentId(), "task " + task + " stays " + now.state().wireName() + ": " + e.detail());
            return agent.task(task, 0).status();
        }
    }

    /** Adds an artifact of one text part to a task (the event's when {@code taskId} is null). */
    Artifact addArtifact(String taskId, String name, String text) {
        String task = taskId == null ? requireEvent().taskId() : taskId;
        String id = nextId();
        try {
            Artifact artifact = agent.addArtifact(task, id, name, List.of(Part.text(text)));
            transcript.note(agent.agentId(), "artifact \"" + name + "\" added to " + task);
            return artifact;
        } catch (MeshProblemException.Conflict e) {
            transcript.note(agent.agentId(), "artifact " + id + " was added before");
            return null;
        }
    }

    /** A task with its newest messages (the event's when {@code taskId} is null). */
    Task readTask(String taskId) {
        return agent.task(taskId == null ? requireEvent().taskId() : taskId, 20);
    }

    private String nextId() {
        return key + ":" + ++step;
    }

    private InboxEvent requireEvent() {
        if (event == null) {
            throw new IllegalStateException("no event to answer: this action needs one");
        }
        return event;
    }
}

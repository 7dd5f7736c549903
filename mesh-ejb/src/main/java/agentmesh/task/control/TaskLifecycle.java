package agentmesh.task.control;

import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.ContactGate;
import agentmesh.parts.control.Parts;
import agentmesh.platform.DuplicateKey;
import agentmesh.platform.MeshException;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import agentmesh.task.entity.TaskState;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * Status changes, cancellation and artifacts: each in one transaction with the event that tells the other agent,
 * under the task row's lock (the same lock a send takes, so events and messages of a task keep their order).
 */
@Stateless
public class TaskLifecycle {

    @PersistenceContext
    EntityManager em;

    @Inject
    TaskEvents events;

    @Inject
    ContactGate contacts;

    @Inject
    Clock clock;

    /** The assignee reports progress; the requester is told, if the two may still talk. */
    public TaskView.Status changeStatus(String taskId, String caller, TaskState target, String reason,
                                        ContactCheck contactCheck) {
        Task task = lock(taskId, caller);
        if (!caller.equals(task.assignee())) {
            throw new NotTheAssigneeException(taskId, caller);
        }
        requireContact(task, caller, contactCheck);
        if (target == TaskState.CANCELED) {
            throw new IllegalTransitionException(taskId, task.state(), target); // cancel has its own route
        }
        if (!task.state().mayMoveTo(target)) {
            throw new IllegalTransitionException(taskId, task.state(), target);
        }
        LocalDateTime now = UtcTime.now(clock);
        task.changeState(target, reason, now);
        events.statusChanged(task, caller, task.requester(), now);
        return status(task);
    }

    /**
     * Either agent cancels; the other is told. Canceling a canceled task changes nothing. Needs no contact: ending
     * work is always allowed, so that a revocation never leaves a task running until its idle timeout.
     */
    public TaskView.Status cancel(String taskId, String caller, String reason) {
        Task task = lock(taskId, caller);
        if (task.state() == TaskState.CANCELED) {
            return status(task);
        }
        if (!task.state().mayMoveTo(TaskState.CANCELED)) {
            throw new IllegalTransitionException(taskId, task.state(), TaskState.CANCELED);
        }
        LocalDateTime now = UtcTime.now(clock);
        task.changeState(TaskState.CANCELED, reason, now);
        events.statusChanged(task, caller, task.counterpartOf(caller), now);
        return status(task);
    }

    /** The assignee attaches an artifact; the requester is told, if the two may still talk. */
    public ArtifactView addArtifact(String taskId, String caller, String artifactId, String name, JsonArray parts,
                                    ContactCheck contactCheck) {
        Task task = lock(taskId, caller);
        if (!caller.equals(task.assignee())) {
            throw new NotTheAssigneeException(taskId, caller);
        }
        requireContact(task, caller, contactCheck);
        if (task.state().isTerminal()) {
            throw new TaskTerminalException(taskId, task.state());
        }
        LocalDateTime now = UtcTime.now(clock);
        String id = Objects.requireNonNullElseGet(artifactId, () -> "a-" + UUID.randomUUID());
        JsonArray canonical = Parts.canonical(parts);
        try {
            em.createNativeQuery("INSERT INTO task_artifact (artifact_id, task_id, name, parts, created_by,"
                            + " created_at) VALUES (?, ?, ?, ?, ?, ?)")
                    .setParameter(1, id).setParameter(2, taskId).setParameter(3, name)
                    .setParameter(4, canonical.toString()).setParameter(5, caller)
                    .setParameter(6, UtcDateTimeConverter.format(now))
                    .executeUpdate();
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, "uk_task_artifact")) {
                throw new ArtifactExistsException(taskId, id);
            }
            throw e;
        }
        task.touch(now);
        events.artifactAdded(task, caller, task.requester(), id, name, canonical, now);
        return new ArtifactView(id, name, canonical, UtcTime.toInstant(now));
    }

    // Under the task's lock: a revocation committed before this write counts.
    private void requireContact(Task task, String caller, ContactCheck contactCheck) {
        if (contactCheck == ContactCheck.IN_TRANSACTION) {
            contacts.requireMayTalk(caller, task.counterpartOf(caller));
        }
    }

    private Task lock(String taskId, String caller) {
        Task task = em.find(Task.class, taskId, LockModeType.PESSIMISTIC_WRITE);
        if (task == null) {
            throw new UnknownTaskException(taskId);
        }
        if (!task.involves(caller)) {
            throw new TaskAccessDeniedException(taskId, caller);
        }
        return task;
    }

    private static TaskView.Status status(Task task) {
        return new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason());
    }

    /** An artifact of a task, as it is answered and listed. */
    public record ArtifactView(String artifactId, String name, JsonArray parts, Instant createdAt) {
    }

    public static class NotTheAssigneeException extends MeshException {
        NotTheAssigneeException(String taskId, String caller) {
            super(403, "not-the-assignee", "Only the assignee may do this",
                    caller + " is not the assignee of task " + taskId);
        }
    }

    public static class ArtifactExistsException extends MeshException {
        ArtifactExistsException(String taskId, String artifactId) {
            super(409, "artifact-exists", "Artifact already exists",
                    "Task " + taskId + " already has an artifact " + artifactId);
        }
    }
}

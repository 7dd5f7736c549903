package agentmesh.task.control;

import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.ContactGate;
import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.DuplicateKey;
import agentmesh.jdbc.Jdbc;
import agentmesh.json.MeshJson;
import agentmesh.parts.control.Parts;
import agentmesh.problem.MeshException;
import agentmesh.task.entity.TaskState;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.persistence.PersistenceException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Status changes, cancellation and artifacts: each in one transaction with the event that tells the other agent,
 * under the task row's lock (the same lock a send takes, so events and messages of a task keep their order). Plain
 * statements, as the send's: the {@code Task} entity only reads ({@link TaskReader}).
 */
@Stateless
public class TaskLifecycle {

    /**
     * The bytes of parts an artifact holds at most, its appends included: what one request body may carry (the API's
     * {@code mesh.http.max-body-bytes}, by default), as {@link Parts#MAX_PARTS} is the parts one write may carry.
     */
    public static final long MAX_ARTIFACT_BYTES = 1024 * 1024;

    private static final String LOCK = "SELECT " + TaskRow.COLUMNS + " FROM task WHERE task_id = ? FOR UPDATE";
    private static final String TOUCH = "UPDATE task SET updated_at = ? WHERE task_id = ?";
    private static final String STORED_ARTIFACT = "SELECT MAX(chunk), SUM(JSON_LENGTH(parts)), SUM(parts_bytes),"
            + " MAX(CASE WHEN chunk = 0 THEN name END) FROM task_artifact WHERE task_id = ? AND artifact_id = ?";
    private static final String INSERT_CHUNK = "INSERT INTO task_artifact (artifact_id, chunk, task_id, name, parts,"
            + " created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    TaskEvents events;

    @Inject
    ContactGate contacts;

    @Inject
    Clock clock;

    /** The assignee reports progress; the requester is told, if the two may still talk. */
    public TaskView.Status changeStatus(
            String taskId, String caller, TaskState target, String reason, ContactCheck contactCheck) {
        TaskRow task = lock(taskId, caller);
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
        TaskRow moved = move(task, target, reason, now);
        events.statusChanged(moved, caller, task.requester(), now);
        return status(moved);
    }

    /**
     * Either agent cancels; the other is told. Canceling a canceled task changes nothing. Needs no contact: ending
     * work is always allowed, so that a revocation never leaves a task running until its idle timeout.
     */
    public TaskView.Status cancel(String taskId, String caller, String reason) {
        TaskRow task = lock(taskId, caller);
        if (task.state() == TaskState.CANCELED) {
            return status(task);
        }
        if (!task.state().mayMoveTo(TaskState.CANCELED)) {
            throw new IllegalTransitionException(taskId, task.state(), TaskState.CANCELED);
        }
        LocalDateTime now = UtcTime.now(clock);
        TaskRow moved = move(task, TaskState.CANCELED, reason, now);
        events.statusChanged(moved, caller, task.counterpartOf(caller), now);
        return status(moved);
    }

    /** The assignee attaches an artifact; the requester is told, if the two may still talk. */
    public ArtifactView addArtifact(
            String taskId, String caller, String artifactId, String name, JsonArray parts, ContactCheck contactCheck) {
        TaskRow task = writableArtifacts(taskId, caller, contactCheck);
        String id = Objects.requireNonNullElseGet(artifactId, () -> "a-" + UUID.randomUUID());
        return insertChunk(task, caller, id, name, Parts.canonical(parts), 0);
    }

    /**
     * The assignee adds parts to an artifact of the task (A2A's {@code append}): stored as the artifact's next chunk,
     * told to the requester as an artifact event with {@code append} true; an artifact not there yet is added with
     * these parts, as A2A clients take an append for an artifact they do not know. Past the artifact's bounds —
     * {@link Parts#MAX_PARTS} parts, {@link #MAX_ARTIFACT_BYTES} bytes, its chunks together — it is refused (413) and
     * nothing changes: a refusal for good, as the same append would be refused again.
     */
    public ArtifactView appendToArtifact(
            String taskId, String caller, String artifactId, String name, JsonArray parts, ContactCheck contactCheck) {
        TaskRow task = writableArtifacts(taskId, caller, contactCheck);
        JsonArray canonical = Parts.canonical(parts);
        // Under the task's lock, as every write of its artifacts: the chunks counted are all there are.
        StoredArtifact stored = Jdbc.query(
                        dataSource,
                        STORED_ARTIFACT,
                        row -> new StoredArtifact(
                                row.getObject(1, Integer.class), row.getLong(2), row.getLong(3), row.getString(4)),
                        taskId,
                        artifactId)
                .get(0);
        if (stored.lastChunk() == null) {
            return insertChunk(task, caller, artifactId, name, canonical, 0);
        }
        long partCount = stored.parts() + canonical.size();
        long bytes = stored.bytes() + canonical.toString().getBytes(StandardCharsets.UTF_8).length;
        if (partCount > Parts.MAX_PARTS || bytes > MAX_ARTIFACT_BYTES) {
            throw new ArtifactTooLargeException(taskId, artifactId, partCount, bytes);
        }
        return insertChunk(task, caller, artifactId, stored.name(), canonical, stored.lastChunk() + 1);
    }

    // An artifact's chunks so far: the last one's number (null: none), their parts and bytes, the artifact's name.
    private record StoredArtifact(Integer lastChunk, long parts, long bytes, String name) {}

    private TaskRow writableArtifacts(String taskId, String caller, ContactCheck contactCheck) {
        TaskRow task = lock(taskId, caller);
        if (!caller.equals(task.assignee())) {
            throw new NotTheAssigneeException(taskId, caller);
        }
        requireContact(task, caller, contactCheck);
        if (task.state().isTerminal()) {
            throw new TaskTerminalException(taskId, task.state());
        }
        return task;
    }

    // Chunk 0 is an artifact added; a later one, parts appended to it.
    private ArtifactView insertChunk(
            TaskRow task, String caller, String artifactId, String name, JsonArray canonical, int chunk) {
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        try {
            Jdbc.update(
                    dataSource,
                    INSERT_CHUNK,
                    artifactId,
                    chunk,
                    task.taskId(),
                    name,
                    canonical.toString(),
                    caller,
                    time);
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, "uk_task_artifact")) {
                throw new ArtifactExistsException(task.taskId(), artifactId);
            }
            throw e;
        }
        Jdbc.update(dataSource, TOUCH, time, task.taskId());
        boolean append = chunk > 0;
        events.artifactAdded(task, caller, task.requester(), artifactId, name, canonical, append, now);
        return new ArtifactView(artifactId, name, canonical, UtcTime.toInstant(now), append);
    }

    // Under the task's lock: a revocation committed before this write counts.
    private void requireContact(TaskRow task, String caller, ContactCheck contactCheck) {
        if (contactCheck == ContactCheck.IN_TRANSACTION) {
            contacts.requireMayTalk(caller, task.counterpartOf(caller));
        }
    }

    private TaskRow lock(String taskId, String caller) {
        TaskRow task = Jdbc.query(dataSource, LOCK, TaskRow::read, taskId).stream()
                .findFirst()
                .orElseThrow(() -> new UnknownTaskException(taskId));
        if (!task.involves(caller)) {
            throw new TaskAccessDeniedException(taskId, caller);
        }
        return task;
    }

    private TaskRow move(TaskRow task, TaskState target, String reason, LocalDateTime now) {
        TaskRow.moveTo(dataSource, List.of(task.taskId()), target, reason, now);
        return task.movedTo(target, reason, now);
    }

    private static TaskView.Status status(TaskRow task) {
        return new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason());
    }

    /**
     * An artifact of a task, as it is answered and listed: whole, its chunks put together ({@code append} false), or
     * parts appended to an artifact listed before ({@code append} true: a page after a cursor that holds the
     * appended chunks but not the artifact's start).
     */
    public record ArtifactView(String artifactId, String name, JsonArray parts, Instant createdAt, boolean append) {

        public ArtifactView(String artifactId, String name, JsonArray parts, Instant createdAt) {
            this(artifactId, name, parts, createdAt, false);
        }

        /** The same artifact with these parts after its own. */
        public ArtifactView with(JsonArray more) {
            JsonArrayBuilder all = MeshJson.array();
            parts.forEach(all::add);
            more.forEach(all::add);
            return new ArtifactView(artifactId, name, all.build(), createdAt, append);
        }
    }

    public static class NotTheAssigneeException extends MeshException {
        NotTheAssigneeException(String taskId, String caller) {
            super(
                    403,
                    "not-the-assignee",
                    "Only the assignee may do this",
                    caller + " is not the assignee of task " + taskId);
        }
    }

    public static class ArtifactTooLargeException extends MeshException {
        ArtifactTooLargeException(String taskId, String artifactId, long parts, long bytes) {
            super(
                    413,
                    "artifact-too-large",
                    "Artifact too large",
                    "Artifact " + artifactId + " of task " + taskId + " would hold " + parts + " parts and " + bytes
                            + " bytes with this append; an artifact holds at most " + Parts.MAX_PARTS + " parts and "
                            + MAX_ARTIFACT_BYTES + " bytes");
        }
    }

    public static class ArtifactExistsException extends MeshException {
        ArtifactExistsException(String taskId, String artifactId) {
            super(
                    409,
                    "artifact-exists",
                    "Artifact already exists",
                    "Task " + taskId + " already has an artifact " + artifactId);
        }
    }
}

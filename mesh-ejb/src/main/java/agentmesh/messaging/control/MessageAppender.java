package agentmesh.messaging.control;

import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.ContactGate;
import agentmesh.agent.entity.ContactKey;
import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.DuplicateKey;
import agentmesh.jdbc.Jdbc;
import agentmesh.outbox.control.Outbox;
import agentmesh.outbox.entity.InboxEvent;
import agentmesh.parts.control.Parts;
import agentmesh.problem.InvalidRequestException;
import agentmesh.task.control.TaskAccessDeniedException;
import agentmesh.task.control.TaskTerminalException;
import agentmesh.task.control.UnknownTaskException;
import agentmesh.task.entity.TaskMessage;
import agentmesh.task.entity.TaskState;
import agentmesh.testfaults.FaultPoint;
import agentmesh.testfaults.Faults;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Appends a message to its task in one transaction: the task (opened, or locked and touched) together with the
 * contact check, the message with the next seq, and the outbox event for the recipient. Either all commit or none
 * does. Plain statements, as few as the work allows: a send is the mesh's hottest path, and each statement costs
 * the database about as much as the mesh's own work on it.
 */
@Stateless
public class MessageAppender {

    private static final String OPEN_TASK = """
            INSERT INTO task (task_id, context_id, requester, assignee, state, status_at, last_seq, created_at,
                              updated_at)
            SELECT ?, ?, ?, ?, 'SUBMITTED', ?, 1, ?, ? FROM DUAL WHERE ? OR\s""" + ContactGate.CONTACT_EXISTS;
    private static final String LOCK_TASK = "SELECT context_id, requester, assignee, state, last_seq, ? OR "
            + ContactGate.CONTACT_EXISTS + " FROM task WHERE task_id = ? FOR UPDATE";
    private static final String TOUCH_TASK = "UPDATE task SET last_seq = ?, updated_at = ? WHERE task_id = ?";
    private static final String INSERT_MESSAGE = """
            INSERT INTO task_message (message_id, task_id, seq, sender, recipient, role, parts, fingerprint,
                                      created_at, traceparent, tracestate)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @PersistenceContext
    EntityManager em;

    @Inject
    ContactGate contacts;

    @Inject
    Outbox outbox;

    @Inject
    Faults faults;

    @Inject
    Clock clock;

    @Inject
    Tracing tracing;

    /** The task as a send sees it: its context, the seq this message takes and the sender's role in it. */
    private record TaskSlot(String taskId, String contextId, int seq, boolean opened, String role) {}

    public SentMessage append(SendCommand command) {
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        JsonArray parts = Parts.canonical(command.parts());
        TaskSlot task;
        try {
            // One connection handle for the task's and the message's statements (see Jdbc.withConnection).
            task = Jdbc.withConnection(dataSource, connection -> appendTo(connection, command, parts, time));
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, MessageSender.MESSAGE_ID_KEY)) {
                throw new DuplicateMessageIdException(command.messageId());
            }
            throw e;
        }
        faults.trip(FaultPoint.AFTER_MESSAGE_INSERT);
        outbox.enqueue(InboxEvent.message(
                new InboxEvent.Envelope(
                        task.taskId(), task.contextId(), command.sender(), command.to(), UtcTime.toInstant(now)),
                command.messageId(),
                task.seq(),
                task.role(),
                parts));
        return new SentMessage(
                command.messageId(), task.taskId(), task.contextId(), task.seq(), UtcTime.toInstant(now));
    }

    // The task opened, or locked and touched, and the message inserted with its seq.
    private TaskSlot appendTo(Connection connection, SendCommand command, JsonArray parts, String time)
            throws SQLException {
        TaskSlot task = command.taskId() == null ? openTask(connection, command, time) : lockTask(connection, command);
        // The context the send came in (its request's span), if any: docs/TRACING.md.
        TraceContext trace = tracing.handedOn(Span.current());
        Jdbc.update(
                connection,
                INSERT_MESSAGE,
                command.messageId(),
                task.taskId(),
                task.seq(),
                command.sender(),
                command.to(),
                task.role(),
                parts.toString(),
                Fingerprint.of(command, parts),
                time,
                trace == null ? null : trace.traceparent(),
                trace == null ? null : trace.tracestate());
        if (!task.opened()) {
            Jdbc.update(connection, TOUCH_TASK, task.seq(), time, task.taskId());
        }
        return task;
    }

    /**
     * The message the sender's id already names, as its answer, if the send is the same (sender, recipient, task and
     * context as sent, parts); 409 if the id names a different message; empty if there is none.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<SentMessage> original(SendCommand command) {
        return em.createNamedQuery(TaskMessage.BY_SENDER_AND_MESSAGE_ID, TaskMessage.class)
                .setParameter("sender", command.sender())
                .setParameter("messageId", command.messageId())
                .getResultStream()
                .findFirst()
                .map(stored -> {
                    String fingerprint = Fingerprint.of(command, Parts.canonical(command.parts()));
                    if (!stored.fingerprint().equals(fingerprint)) {
                        throw new MessageIdConflictException(command.messageId());
                    }
                    return new SentMessage(
                            stored.messageId(),
                            stored.task().taskId(),
                            stored.task().contextId(),
                            stored.seq(),
                            UtcTime.toInstant(stored.createdAt()));
                });
    }

    // Inserted only if the two may talk: the contact check and the task are one statement.
    private TaskSlot openTask(Connection connection, SendCommand command, String time) throws SQLException {
        String taskId = UUID.randomUUID().toString();
        String contextId = Objects.requireNonNullElseGet(
                command.contextId(), () -> UUID.randomUUID().toString());
        ContactKey pair = ContactKey.of(command.sender(), command.to());
        int opened = Jdbc.update(
                connection,
                OPEN_TASK,
                taskId,
                contextId,
                command.sender(),
                command.to(),
                time,
                time,
                time,
                checkedAlready(command),
                pair.agentLow(),
                pair.agentHigh());
        if (opened == 0 || command.sender().equals(command.to())) {
            throw contacts.refusal(command.sender(), command.to());
        }
        return new TaskSlot(taskId, contextId, 1, true, "user"); // the sender opens it: its requester
    }

    // The row lock serialises concurrent sends into one task, so each takes the next seq and commits in seq order.
    private TaskSlot lockTask(Connection connection, SendCommand command) throws SQLException {
        ContactKey pair = ContactKey.of(command.sender(), command.to());
        List<Object[]> rows = Jdbc.query(
                connection,
                LOCK_TASK,
                row -> new Object[] {
                    row.getString(1),
                    row.getString(2),
                    row.getString(3),
                    row.getString(4),
                    row.getInt(5),
                    row.getBoolean(6)
                },
                checkedAlready(command),
                pair.agentLow(),
                pair.agentHigh(),
                command.taskId());
        if (rows.isEmpty()) {
            throw new UnknownTaskException(command.taskId());
        }
        Object[] row = rows.get(0);
        String contextId = (String) row[0];
        String requester = (String) row[1];
        String assignee = (String) row[2];
        if (!command.sender().equals(requester) && !command.sender().equals(assignee)) {
            throw new TaskAccessDeniedException(command.taskId(), command.sender());
        }
        if (!(Boolean) row[5]) {
            throw contacts.refusal(command.sender(), command.to());
        }
        String counterpart = command.sender().equals(requester) ? assignee : requester;
        if (!counterpart.equals(command.to())) {
            throw new InvalidRequestException(
                    "to", "task " + command.taskId() + " is between " + requester + " and " + assignee);
        }
        if (command.contextId() != null && !command.contextId().equals(contextId)) {
            throw new InvalidRequestException("contextId", "does not match the context of task " + command.taskId());
        }
        TaskState state = TaskState.valueOf((String) row[3]);
        if (state.isTerminal()) {
            throw new TaskTerminalException(command.taskId(), state);
        }
        return new TaskSlot(
                command.taskId(),
                contextId,
                (Integer) row[4] + 1,
                false,
                command.sender().equals(requester) ? "user" : "agent");
    }

    private static boolean checkedAlready(SendCommand command) {
        return command.contactCheck() == ContactCheck.DONE_BY_GATEWAY;
    }
}

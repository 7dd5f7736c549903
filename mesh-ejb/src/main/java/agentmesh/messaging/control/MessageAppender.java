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
import io.opentelemetry.context.Scope;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
    private static final String INSERT_MESSAGES = """
            INSERT INTO task_message (message_id, task_id, seq, sender, recipient, role, parts, fingerprint,
                                      created_at, traceparent, tracestate)""";
    // A group's tasks, locked in one statement (in key order, as InnoDB takes them), each with whether its two
    // agents may talk: a grouped send is only ever between the task's requester and assignee, and the contact row
    // stores them in the database's order (ck_contact_order), so LEAST and GREATEST find it by its key.
    private static final String LOCK_TASKS = """
            SELECT task_id, context_id, requester, assignee, state, last_seq,
                   EXISTS (SELECT 1 FROM contact WHERE agent_low = LEAST(task.requester, task.assignee)
                                                   AND agent_high = GREATEST(task.requester, task.assignee))
            FROM task WHERE task_id IN (%s) ORDER BY task_id FOR UPDATE""";
    private static final String STORED_IDS =
            "SELECT sender, message_id FROM task_message WHERE (sender, message_id) IN (%s)";
    private static final String TOUCH_TASKS =
            "UPDATE task SET last_seq = CASE task_id %s END, updated_at = ? WHERE task_id IN (%s)";

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

    /** Appends one send in its own transaction (or the caller's), its parts canonical already ({@link SendGroups}). */
    public SentMessage append(SendGroups.GroupedSend send) {
        SendCommand command = send.command();
        JsonArray parts = send.parts();
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        TaskSlot task;
        try {
            // One connection handle for the task's and the message's statements (see Jdbc.withConnection).
            task = Jdbc.withConnection(dataSource, connection -> appendTo(connection, send, time));
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, MessageSender.MESSAGE_ID_KEY)) {
                throw new DuplicateMessageIdException(command.messageId());
            }
            throw e;
        }
        faults.trip(FaultPoint.AFTER_MESSAGE_INSERT);
        outbox.enqueue(event(command, task, parts, now));
        return new SentMessage(
                command.messageId(), task.taskId(), task.contextId(), task.seq(), UtcTime.toInstant(now));
    }

    private static InboxEvent event(SendCommand command, TaskSlot task, JsonArray parts, LocalDateTime now) {
        return InboxEvent.message(
                new InboxEvent.Envelope(
                        task.taskId(), task.contextId(), command.sender(), command.to(), UtcTime.toInstant(now)),
                command.messageId(),
                task.seq(),
                task.role(),
                parts);
    }

    // The task opened, or locked and touched, and the message inserted with its seq.
    private TaskSlot appendTo(Connection connection, SendGroups.GroupedSend send, String time) throws SQLException {
        SendCommand command = send.command();
        TaskSlot task = command.taskId() == null ? openTask(connection, command, time) : lockTask(connection, command);
        Jdbc.insertRows(connection, INSERT_MESSAGES, Collections.singletonList(messageRow(send, task, time)));
        if (!task.opened()) {
            Jdbc.update(connection, TOUCH_TASK, task.seq(), time, task.taskId());
        }
        return task;
    }

    // With the context the send came in (its request's span), if any: docs/TRACING.md.
    private Object[] messageRow(SendGroups.GroupedSend send, TaskSlot task, String time) {
        SendCommand command = send.command();
        TraceContext trace = tracing.handedOn(Span.current());
        return new Object[] {
            command.messageId(),
            task.taskId(),
            task.seq(),
            command.sender(),
            command.to(),
            task.role(),
            send.partsJson(),
            Fingerprint.of(command, send.parts()),
            time,
            trace == null ? null : trace.traceparent(),
            trace == null ? null : trace.tracestate()
        };
    }

    /**
     * Appends a group of sends in one transaction ({@link SendGroups}): their tasks locked and touched with one
     * statement each, their messages and outbox events inserted with one each, each message's trace context and
     * {@code create} span those of its own send. Answers each send, or null for one to be appended alone
     * ({@link #append}) because this path does not decide it exactly: a task it cannot open or find, a sender not
     * in the task, another recipient or context, a refused contact, an ended task, a message id repeated within the
     * group. A message id stored before rolls the group back with {@link RepeatedMessageIdsException}, which names
     * the sends to take out (each alone finds its original); any other failure rolls it back too.
     */
    public List<SentMessage> appendAll(List<SendGroups.GroupedSend> sends) {
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        List<TaskSlot> slots = Jdbc.withConnection(dataSource, connection -> {
            try {
                return appendAll(connection, sends, time);
            } catch (SQLException e) {
                if (DuplicateKey.violates(e, MessageSender.MESSAGE_ID_KEY)) {
                    throw new RepeatedMessageIdsException(storedIds(connection, sends));
                }
                throw e;
            }
        });
        List<Outbox.Entry> events = new ArrayList<>();
        List<SentMessage> answers = new ArrayList<>();
        for (int i = 0; i < sends.size(); i++) {
            TaskSlot task = slots.get(i);
            if (task == null) {
                answers.add(null);
                continue;
            }
            SendCommand command = sends.get(i).command();
            try (Scope cause = sends.get(i).cause().makeCurrent()) {
                events.add(outbox.entry(event(command, task, sends.get(i).parts(), now)));
            }
            answers.add(new SentMessage(
                    command.messageId(), task.taskId(), task.contextId(), task.seq(), UtcTime.toInstant(now)));
        }
        if (!events.isEmpty()) {
            outbox.enqueue(events);
        }
        return answers;
    }

    // The group's tasks opened or locked, its messages inserted with their seqs, the locked tasks touched; a null
    // slot for each send left to be appended alone.
    private List<TaskSlot> appendAll(Connection connection, List<SendGroups.GroupedSend> sends, String time)
            throws SQLException {
        Map<String, LockedTask> tasks = lockTasks(connection, sends);
        List<TaskSlot> slots = new ArrayList<>();
        List<Object[]> messages = new ArrayList<>();
        Set<List<String>> ids = new HashSet<>();
        for (SendGroups.GroupedSend send : sends) {
            SendCommand command = send.command();
            TaskSlot task;
            if (!ids.add(messageKey(command))) {
                task = null;
            } else if (command.taskId() == null) {
                task = newTask(connection, command, time);
            } else {
                task = nextSlot(tasks.get(command.taskId()), command);
            }
            slots.add(task);
            if (task != null) {
                try (Scope cause = send.cause().makeCurrent()) {
                    messages.add(messageRow(send, task, time));
                }
            }
        }
        Jdbc.insertRows(connection, INSERT_MESSAGES, messages);
        touchTasks(connection, tasks, time);
        return slots;
    }

    // The positions of the group's sends whose (sender, message id) is stored already.
    private static Set<Integer> storedIds(Connection connection, List<SendGroups.GroupedSend> sends)
            throws SQLException {
        List<Object> pairs = new ArrayList<>();
        sends.forEach(send -> {
            pairs.add(send.command().sender());
            pairs.add(send.command().messageId());
        });
        Set<List<String>> stored = new HashSet<>(Jdbc.query(
                connection,
                STORED_IDS.formatted(String.join(", ", Collections.nCopies(sends.size(), "(?, ?)"))),
                row -> List.of(row.getString(1), row.getString(2)),
                pairs.toArray()));
        Set<Integer> positions = new HashSet<>();
        for (int i = 0; i < sends.size(); i++) {
            if (stored.contains(messageKey(sends.get(i).command()))) {
                positions.add(i);
            }
        }
        return positions;
    }

    // What the unique key uk_task_message_sender_message_id holds of a send.
    private static List<String> messageKey(SendCommand command) {
        return List.of(command.sender(), command.messageId());
    }

    /** A task locked for a group: its row, and the seq its group's sends have taken so far. */
    private static final class LockedTask {
        final String contextId;
        final String requester;
        final String assignee;
        final TaskState state;
        final boolean contact;
        final int storedSeq;
        int lastSeq;

        LockedTask(String contextId, String requester, String assignee, TaskState state, int lastSeq, boolean contact) {
            this.contextId = contextId;
            this.requester = requester;
            this.assignee = assignee;
            this.state = state;
            this.contact = contact;
            this.storedSeq = lastSeq;
            this.lastSeq = lastSeq;
        }
    }

    private static Map<String, LockedTask> lockTasks(Connection connection, List<SendGroups.GroupedSend> sends)
            throws SQLException {
        List<String> taskIds = sends.stream()
                .map(send -> send.command().taskId())
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        Map<String, LockedTask> tasks = new HashMap<>();
        if (taskIds.isEmpty()) {
            return tasks;
        }
        Jdbc.query(
                        connection,
                        LOCK_TASKS.formatted(Jdbc.placeholders(taskIds.size())),
                        row -> Map.entry(
                                row.getString(1),
                                new LockedTask(
                                        row.getString(2),
                                        row.getString(3),
                                        row.getString(4),
                                        TaskState.valueOf(row.getString(5)),
                                        row.getInt(6),
                                        row.getBoolean(7))),
                        taskIds.toArray())
                .forEach(entry -> tasks.put(entry.getKey(), entry.getValue()));
        return tasks;
    }

    // The next seq of a locked task for a send the group decides exactly, else null (see appendAll).
    private static TaskSlot nextSlot(LockedTask task, SendCommand command) {
        if (task == null || task.state.isTerminal() || !(task.contact || checkedAlready(command))) {
            return null;
        }
        boolean fromRequester = command.sender().equals(task.requester);
        String counterpart = fromRequester ? task.assignee : task.requester;
        if (!(fromRequester || command.sender().equals(task.assignee))
                || !counterpart.equals(command.to())
                || (command.contextId() != null && !command.contextId().equals(task.contextId))) {
            return null;
        }
        task.lastSeq++;
        return new TaskSlot(command.taskId(), task.contextId, task.lastSeq, false, fromRequester ? "user" : "agent");
    }

    private static void touchTasks(Connection connection, Map<String, LockedTask> tasks, String time)
            throws SQLException {
        List<Object> seqs = new ArrayList<>();
        List<String> touched = new ArrayList<>();
        tasks.forEach((taskId, task) -> {
            if (task.lastSeq != task.storedSeq) {
                seqs.add(taskId);
                seqs.add(task.lastSeq);
                touched.add(taskId);
            }
        });
        if (touched.isEmpty()) {
            return;
        }
        List<Object> parameters = new ArrayList<>(seqs);
        parameters.add(time);
        parameters.addAll(touched);
        Jdbc.update(
                connection,
                TOUCH_TASKS.formatted(
                        String.join(" ", Collections.nCopies(touched.size(), "WHEN ? THEN ?")),
                        Jdbc.placeholders(touched.size())),
                parameters.toArray());
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

    private TaskSlot openTask(Connection connection, SendCommand command, String time) throws SQLException {
        TaskSlot task = newTask(connection, command, time);
        if (task == null) {
            throw contacts.refusal(command.sender(), command.to());
        }
        return task;
    }

    // A new task, the sender its requester; null if the two may not talk (the check and the insert are one statement).
    private static TaskSlot newTask(Connection connection, SendCommand command, String time) throws SQLException {
        if (command.sender().equals(command.to())) {
            return null;
        }
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
        return opened == 0 ? null : new TaskSlot(taskId, contextId, 1, true, "user");
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

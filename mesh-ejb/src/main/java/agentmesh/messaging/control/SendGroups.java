package agentmesh.messaging.control;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import agentmesh.parts.control.Parts;
import agentmesh.testfaults.Faults;
import io.opentelemetry.context.Context;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Group commit of sends: the sends that arrive while one send's transaction runs share the next transaction, so that
 * under load a transaction's fixed statements (the pool's two {@code SET autocommit}, the task lock, the commit) and
 * its commit's flush are paid once per group, not once per message. One group is appended at a time; its leader is
 * the request thread at its head, which appends it and then hands the lead to the head of the sends that queued
 * meanwhile. A send that finds no group running leads at once, so an idle mesh appends each send as before. Under a
 * moderate load the sends are answered before the next ones arrive and would each go alone: so a leader takes its
 * group no sooner than {@code mesh.send.linger-ms} after the previous group was taken (or as soon as it is full), and
 * the sends arriving in the while join it; after a quiet spell it takes its group at once.
 *
 * <p>A group's transaction appends only what it can answer exactly ({@link MessageAppender#appendAll}); any other
 * send — a refusal, an unknown or ended task, a repeated message id — and every send of a group whose transaction
 * failed is appended alone, on its own request thread, by {@link MessageAppender#append}: its answer and its errors
 * are what they would have been without groups. A send made inside a caller's transaction joins that transaction
 * instead, and one whose request asked for a test fault keeps it on its own thread.
 */
@ApplicationScoped
public class SendGroups {

    /** At most this many sends share a transaction… */
    static final int MAX_SENDS = 32;

    /** …and about this many characters of parts (one send may be larger): the group's inserts stay small packets. */
    static final int MAX_PARTS_CHARS = 1 << 20;

    private static final Logger LOG = Logger.getLogger(SendGroups.class.getName());

    @EJB
    MessageAppender appender;

    @Inject
    Faults faults;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Inject
    MeshMeters meters;

    @Inject
    @ConfigProperty(name = "mesh.send.linger-ms", defaultValue = "20")
    long lingerMillis;

    MeshCounter committed;
    MeshCounter failed;
    MeshCounter grouped;

    private final Object lock = new Object();

    // Guarded by lock: the sends waiting for a group, whether a thread leads (appends a group, or was handed the
    // lead and is about to), and when the last group was taken (long ago at first).
    private final ArrayDeque<QueuedSend> queue = new ArrayDeque<>();
    private boolean led;
    private long lastTake = System.nanoTime() - TimeUnit.HOURS.toNanos(1);

    /** A send with its canonical parts and the context it was made in (the parent of its spans). */
    public record GroupedSend(SendCommand command, JsonArray parts, String partsJson, Context cause) {

        /** The send, its parts made canonical once, in the current context. */
        static GroupedSend of(SendCommand command) {
            JsonArray parts = Parts.canonical(command.parts());
            return new GroupedSend(command, parts, parts.toString(), Context.current());
        }
    }

    private record QueuedSend(GroupedSend send, CompletableFuture<Void> lead, CompletableFuture<SentMessage> answer) {}

    @PostConstruct
    void register() {
        String groups = "Groups of sends appended in one transaction (committed) and rolled back, their sends then"
                + " appended alone (failed)";
        committed = meters.counter("agent_mesh_send_groups_total", groups, "result", "committed");
        failed = meters.counter("agent_mesh_send_groups_total", groups, "result", "failed");
        grouped = meters.counter(
                "agent_mesh_sends_grouped_total", "Sends appended in a group's transaction rather than alone");
    }

    /** Created with the application, so that its metrics are exported (at 0) from the start. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the metrics
    }

    /** Appends the send, in a group when others are being sent; the same answer and errors as alone. */
    public SentMessage append(SendCommand command) {
        GroupedSend send = GroupedSend.of(command);
        if (transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION || faults.requestedAny()) {
            return appender.append(send);
        }
        QueuedSend mine = new QueuedSend(send, new CompletableFuture<>(), new CompletableFuture<>());
        synchronized (lock) {
            queue.add(mine);
            if (!led) {
                led = true;
                mine.lead().complete(null);
            } else if (queue.size() >= MAX_SENDS) {
                lock.notifyAll(); // a lingering leader's group is full
            }
        }
        CompletableFuture.anyOf(mine.lead(), mine.answer()).join();
        if (!mine.answer().isDone()) {
            lead();
        }
        SentMessage answer;
        try {
            answer = mine.answer().join();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause(); // the leader's own send, appended alone on this thread
        }
        return answer != null ? answer : appender.append(send);
    }

    // Appends the group at the head of the queue (this thread's own send first), then hands the lead on.
    private void lead() {
        List<QueuedSend> group = List.of();
        try {
            group = take();
            appendTogether(group);
        } finally {
            try {
                group.forEach(send -> send.answer().complete(null)); // what the group did not append goes alone
            } finally {
                synchronized (lock) {
                    QueuedSend next = queue.peek();
                    if (next == null) {
                        led = false;
                    } else {
                        next.lead().complete(null);
                    }
                }
            }
        }
    }

    private List<QueuedSend> take() {
        List<QueuedSend> group = new ArrayList<>();
        int chars = 0;
        synchronized (lock) {
            linger();
            lastTake = System.nanoTime();
            while (!queue.isEmpty() && group.size() < MAX_SENDS) {
                int next = queue.peek().send().partsJson().length();
                if (!group.isEmpty() && chars + next > MAX_PARTS_CHARS) {
                    break;
                }
                chars += next;
                group.add(queue.poll());
            }
        }
        return group;
    }

    // Guarded by lock (waits on it): until the linger since the last group is over or the queue fills a group.
    private void linger() {
        long until = lastTake + TimeUnit.MILLISECONDS.toNanos(lingerMillis);
        long left;
        while (queue.size() < MAX_SENDS && (left = until - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void appendTogether(List<QueuedSend> group) {
        if (group.size() == 1) {
            // The leader's own send, alone: on its own thread, as without groups, holding the lead meanwhile so
            // that the sends arriving in the while form the next group.
            QueuedSend only = group.get(0);
            try {
                only.answer().complete(appender.append(only.send()));
            } catch (RuntimeException e) {
                only.answer().completeExceptionally(e);
            }
            return;
        }
        List<QueuedSend> members = group;
        try {
            List<SentMessage> answers;
            try {
                answers = appender.appendAll(sends(members));
            } catch (RepeatedMessageIdsException e) {
                failed.inc();
                // Retries of sends stored before: once more without them (they go alone and find their originals).
                List<QueuedSend> rest = new ArrayList<>();
                for (int i = 0; i < members.size(); i++) {
                    if (!e.positions().contains(i)) {
                        rest.add(members.get(i));
                    }
                }
                if (e.positions().isEmpty() || rest.isEmpty()) {
                    return;
                }
                members = rest;
                answers = appender.appendAll(sends(members));
            }
            committed.inc();
            for (int i = 0; i < members.size(); i++) {
                if (answers.get(i) != null) {
                    grouped.inc();
                }
                members.get(i).answer().complete(answers.get(i));
            }
        } catch (RuntimeException e) {
            failed.inc();
            LOG.warning("A group of " + members.size() + " sends failed, so each is appended alone: " + e);
        }
    }

    private static List<GroupedSend> sends(List<QueuedSend> group) {
        return group.stream().map(QueuedSend::send).toList();
    }
}

package agentmesh.system.chaos;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks the recipients' inboxes against what the senders were told, the way Kafka's replication tests check a
 * log: everything acknowledged must be there, once, in order.
 *
 * <p>Order is checked where the senders can know it. A message acknowledged before another was first sent committed
 * before it; if both went to the same recipient, the recipient must see them in that order (this covers every pair
 * from one sender, whose sends go one after another). Within a task, the mesh numbers messages by commit (seq), so
 * each inbox must show a task's messages with rising seq, and the two agents' inboxes together must hold every seq
 * from 1 to the task's last, with no gap.
 */
final class Verification {

    private Verification() {}

    /**
     * @param sends       every message the agents meant to send, acknowledged or not
     * @param inboxes     each agent's whole inbox, read at the end, in cursor order
     * @param liveViews   what each agent's live reader saw during the run, in the order it saw it
     * @param lastSeqs    each task's last seq as the database holds it
     */
    static Findings check(
            List<SendRecord> sends,
            Map<String, List<DeliveredEvent>> inboxes,
            Map<String, List<DeliveredEvent>> liveViews,
            Map<String, Integer> lastSeqs) {
        Map<String, SendRecord> byMessageId =
                sends.stream().collect(Collectors.toMap(SendRecord::messageId, Function.identity()));
        List<String> duplicates = new ArrayList<>();
        List<String> misdelivered = new ArrayList<>();
        List<String> unexpected = new ArrayList<>();
        Set<String> deliveredIds = new HashSet<>();
        for (List<DeliveredEvent> inbox : inboxes.values()) {
            for (DeliveredEvent event : inbox) {
                if (event.messageId() == null) {
                    unexpected.add(event.type() + " event " + event.eventId() + " in " + event.recipient());
                    continue;
                }
                if (!deliveredIds.add(event.messageId())) {
                    duplicates.add(
                            event.messageId() + " again at cursor " + event.cursor() + " of " + event.recipient());
                }
                SendRecord send = byMessageId.get(event.messageId());
                if (send == null) {
                    unexpected.add(event.messageId() + " in " + event.recipient());
                } else if (!send.to().equals(event.recipient())) {
                    misdelivered.add(event.messageId() + " for " + send.to() + " delivered to " + event.recipient());
                } else if (send.acknowledged()
                        && (!send.taskId().equals(event.taskId()) || send.seq() != event.seq())) {
                    misdelivered.add(event.messageId() + " acknowledged as " + send.taskId() + "#" + send.seq()
                            + ", delivered as " + event.taskId() + "#" + event.seq());
                }
            }
        }
        List<String> lost = sends.stream()
                .filter(send -> send.acknowledged() && !deliveredIds.contains(send.messageId()))
                .map(send -> send.messageId() + " to " + send.to() + " (" + send.taskId() + "#" + send.seq()
                        + ", acknowledged " + send.acknowledgedAt() + ")")
                .toList();
        List<String> outOfOrder = new ArrayList<>();
        List<String> cursorGaps = new ArrayList<>();
        inboxes.forEach((recipient, inbox) -> {
            outOfOrder.addAll(commitOrderViolations(inbox, byMessageId));
            outOfOrder.addAll(taskOrderViolations(inbox));
            cursorGaps.addAll(cursorGaps(recipient, inbox));
        });
        return new Findings(
                sends.size(),
                (int) sends.stream().filter(SendRecord::acknowledged).count(),
                (int) sends.stream()
                        .filter(send -> send.outcome() == AttemptOutcome.REPLAYED)
                        .count(),
                (int) sends.stream().filter(send -> !send.acknowledged()).count(),
                deliveredIds.size(),
                (int) deliveredIds.stream()
                        .filter(id -> byMessageId.containsKey(id)
                                && !byMessageId.get(id).acknowledged())
                        .count(),
                sends.stream()
                        .filter(send -> send.outcome() == AttemptOutcome.REJECTED)
                        .map(send -> send.messageId() + ": " + send.rejection())
                        .toList(),
                lost,
                duplicates,
                misdelivered,
                unexpected,
                outOfOrder,
                seqGaps(inboxes, sends, lastSeqs),
                cursorGaps,
                readerMismatches(inboxes, liveViews));
    }

    // In delivery order, no message may come after one that was first sent only after it had been acknowledged.
    private static List<String> commitOrderViolations(List<DeliveredEvent> inbox, Map<String, SendRecord> sends) {
        List<String> violations = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        SendRecord latestStarted = null;
        for (DeliveredEvent event : inbox) {
            SendRecord send = sends.get(event.messageId());
            if (send == null || !seen.add(send.messageId())) {
                continue; // reported as unexpected or duplicate
            }
            if (latestStarted != null
                    && send.acknowledged()
                    && send.acknowledgedAt().isBefore(latestStarted.firstAttempt())) {
                violations.add(send.messageId() + " (acknowledged " + send.acknowledgedAt() + ") delivered after "
                        + latestStarted.messageId() + " (first sent " + latestStarted.firstAttempt() + ") to "
                        + event.recipient());
            }
            if (latestStarted == null || send.firstAttempt().isAfter(latestStarted.firstAttempt())) {
                latestStarted = send;
            }
        }
        return violations;
    }

    private static List<String> taskOrderViolations(List<DeliveredEvent> inbox) {
        List<String> violations = new ArrayList<>();
        Map<String, Integer> lastSeq = new HashMap<>();
        for (DeliveredEvent event : inbox) {
            if (event.taskId() == null) {
                continue;
            }
            Integer previous = lastSeq.put(event.taskId(), event.seq());
            if (previous != null && event.seq() <= previous) {
                violations.add(event.taskId() + "#" + event.seq() + " after #" + previous + " in " + event.recipient());
            }
        }
        return violations;
    }

    private static List<String> seqGaps(
            Map<String, List<DeliveredEvent>> inboxes, List<SendRecord> sends, Map<String, Integer> lastSeqs) {
        Map<String, TreeSet<Integer>> seqsByTask = new HashMap<>();
        inboxes.values()
                .forEach(inbox -> inbox.stream()
                        .filter(event -> event.taskId() != null)
                        .forEach(event -> seqsByTask
                                .computeIfAbsent(event.taskId(), t -> new TreeSet<>())
                                .add(event.seq())));
        sends.stream()
                .filter(SendRecord::acknowledged)
                .forEach(send -> seqsByTask.computeIfAbsent(send.taskId(), t -> new TreeSet<>()));
        List<String> gaps = new ArrayList<>();
        seqsByTask.forEach((task, seqs) -> {
            int last = lastSeqs.getOrDefault(task, seqs.isEmpty() ? 0 : seqs.last());
            List<Integer> missing = new ArrayList<>();
            for (int seq = 1; seq <= last; seq++) {
                if (!seqs.contains(seq)) {
                    missing.add(seq);
                }
            }
            if (!missing.isEmpty() || (!seqs.isEmpty() && seqs.last() > last)) {
                gaps.add(task + ": last seq " + last + ", missing " + missing + ", delivered up to "
                        + (seqs.isEmpty() ? 0 : seqs.last()));
            }
        });
        return gaps;
    }

    private static List<String> cursorGaps(String recipient, List<DeliveredEvent> inbox) {
        List<String> gaps = new ArrayList<>();
        long expected = 1;
        for (DeliveredEvent event : inbox) {
            if (event.cursor() != expected) {
                gaps.add(recipient + ": cursor " + event.cursor() + " where " + expected + " was due");
            }
            expected = event.cursor() + 1;
        }
        return gaps;
    }

    // A live reader resumes by cursor through crashes and reconnects; it must have seen a prefix of the final inbox.
    private static List<String> readerMismatches(
            Map<String, List<DeliveredEvent>> inboxes, Map<String, List<DeliveredEvent>> liveViews) {
        List<String> mismatches = new ArrayList<>();
        liveViews.forEach((agent, live) -> {
            List<DeliveredEvent> inbox = inboxes.getOrDefault(agent, List.of());
            for (int i = 0; i < live.size(); i++) {
                DeliveredEvent seen = live.get(i);
                if (i >= inbox.size()
                        || seen.cursor() != inbox.get(i).cursor()
                        || !seen.eventId().equals(inbox.get(i).eventId())) {
                    mismatches.add(agent + ": live reader's event " + (i + 1) + " was cursor " + seen.cursor() + " "
                            + seen.eventId() + ", the inbox has "
                            + (i < inbox.size()
                                    ? "cursor " + inbox.get(i).cursor() + " "
                                            + inbox.get(i).eventId()
                                    : "nothing there"));
                    return;
                }
            }
        });
        return mismatches;
    }

    /** When everything planned before {@code instant} had been acknowledged, or null if some never was. */
    static Instant sendersCaughtUp(List<SendRecord> sends, Instant instant) {
        Instant latest = instant;
        for (SendRecord send : sends) {
            if (!send.planned().isAfter(instant)) {
                if (!send.acknowledged()) {
                    return null;
                }
                latest = send.acknowledgedAt().isAfter(latest) ? send.acknowledgedAt() : latest;
            }
        }
        return latest;
    }

    /** When everything acknowledged before {@code instant} had been delivered, or null if some never was. */
    static Instant deliveriesCaughtUp(List<SendRecord> sends, Map<String, Instant> deliveredAt, Instant instant) {
        Instant latest = instant;
        for (SendRecord send : sends) {
            if (send.acknowledged() && !send.acknowledgedAt().isAfter(instant)) {
                Instant delivered = deliveredAt.get(send.messageId());
                if (delivered == null) {
                    return null;
                }
                latest = delivered.isAfter(latest) ? delivered : latest;
            }
        }
        return latest;
    }
}

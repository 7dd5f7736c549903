package agentmesh.system.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerificationTest {

    private static final Instant T0 = Instant.parse("2026-12-02T12:00:00Z");

    private final List<SendRecord> sends = new ArrayList<>();
    private final Map<String, List<DeliveredEvent>> inboxes = new HashMap<>();
    private final Map<String, Integer> lastSeqs = new HashMap<>();

    /** A send from alice to bob in task t-1, first tried at {@code start} ms and acknowledged at {@code ack} ms. */
    private void sent(String messageId, int seq, long start, long ack) {
        sent(messageId, "alice", "t-1", seq, start, ack);
    }

    private void sent(String messageId, String from, String taskId, int seq, long start, long ack) {
        sends.add(new SendRecord(
                messageId,
                from,
                "bob",
                taskId,
                seq,
                T0.plusMillis(start),
                T0.plusMillis(start),
                T0.plusMillis(ack),
                AttemptOutcome.CREATED,
                Map.of(),
                null));
        lastSeqs.merge(taskId, seq, Math::max);
    }

    private void delivered(String recipient, String messageId, String taskId, int seq) {
        List<DeliveredEvent> inbox = inboxes.computeIfAbsent(recipient, r -> new ArrayList<>());
        inbox.add(new DeliveredEvent(
                recipient, inbox.size() + 1, "message", messageId, messageId, taskId, seq, T0, T0.plusSeconds(1)));
    }

    private Findings check() {
        return Verification.check(sends, inboxes, inboxes, lastSeqs);
    }

    @Test
    void everythingDeliveredOnceInOrderPasses() {
        sent("m1", 1, 0, 10);
        sent("m2", 2, 20, 30);
        delivered("bob", "m1", "t-1", 1);
        delivered("bob", "m2", "t-1", 2);

        Findings findings = check();

        assertTrue(findings.passed(), findings::toString);
        assertEquals(2, findings.acknowledged());
        assertEquals(2, findings.delivered());
    }

    @Test
    void anAcknowledgedMessageNotInItsInboxIsLost() {
        sent("m1", 1, 0, 10);
        sent("m2", 2, 20, 30);
        delivered("bob", "m1", "t-1", 1);

        Findings findings = check();

        assertEquals(1, findings.lost().size());
        assertTrue(findings.lost().get(0).startsWith("m2"));
        assertEquals(1, findings.seqGaps().size(), "seq 2 of the task is missing too");
    }

    @Test
    void aMessageDeliveredTwiceIsADuplicate() {
        sent("m1", 1, 0, 10);
        delivered("bob", "m1", "t-1", 1);
        delivered("bob", "m1", "t-1", 1);

        assertEquals(1, check().duplicates().size());
    }

    @Test
    void aMessageDeliveredAheadOfOneAcknowledgedBeforeItWasSentIsOutOfOrder() {
        sent("m1", "alice", "t-1", 1, 0, 10);
        sent("m2", "carol", "t-2", 1, 20, 30);
        delivered("bob", "m2", "t-2", 1);
        delivered("bob", "m1", "t-1", 1);

        Findings findings = check();

        assertEquals(1, findings.outOfOrder().size(), findings::toString);
        assertTrue(findings.outOfOrder().get(0).startsWith("m1"));
    }

    @Test
    void sendsThatOverlappedInTimeMayArriveInEitherOrder() {
        sent("m1", "alice", "t-1", 1, 0, 30);
        sent("m2", "carol", "t-2", 1, 5, 20);
        delivered("bob", "m2", "t-2", 1);
        delivered("bob", "m1", "t-1", 1);

        assertTrue(check().passed());
    }

    @Test
    void aTasksMessagesMustArriveWithRisingSeq() {
        sent("m1", 1, 0, 10);
        sent("m2", 2, 5, 15); // overlapping sends: only the seq tells their commit order
        delivered("bob", "m2", "t-1", 2);
        delivered("bob", "m1", "t-1", 1);

        assertEquals(1, check().outOfOrder().size());
    }

    @Test
    void aMessageDeliveredWithAnotherSeqThanAcknowledgedIsReported() {
        sent("m1", 1, 0, 10);
        delivered("bob", "m1", "t-1", 7);

        assertEquals(1, check().misdelivered().size());
    }

    @Test
    void aCursorJumpIsAGap() {
        sent("m1", 1, 0, 10);
        sent("m2", 2, 20, 30);
        delivered("bob", "m1", "t-1", 1);
        inboxes.get("bob").add(new DeliveredEvent("bob", 3, "message", "m2", "m2", "t-1", 2, T0, T0));

        assertEquals(1, check().cursorGaps().size());
    }

    @Test
    void aLiveReaderThatSawSomethingElseThanTheInboxIsReported() {
        sent("m1", 1, 0, 10);
        delivered("bob", "m1", "t-1", 1);
        Map<String, List<DeliveredEvent>> live = Map.of(
                "bob",
                List.of(
                        new DeliveredEvent("bob", 1, "message", "m1", "m1", "t-1", 1, T0, T0),
                        new DeliveredEvent("bob", 1, "message", "m1", "m1", "t-1", 1, T0, T0)));

        assertEquals(
                1,
                Verification.check(sends, inboxes, live, lastSeqs)
                        .readerMismatches()
                        .size());
    }

    @Test
    void sendersCatchUpWhenEverythingPlannedBeforeTheHealIsAcknowledged() {
        sent("m1", 1, 0, 400);
        sent("m2", 2, 100, 900);
        sent("m3", 3, 600, 1200); // planned after the heal: not part of the backlog

        assertEquals(T0.plusMillis(900), Verification.sendersCaughtUp(sends, T0.plusMillis(500)));
    }

    @Test
    void deliveriesCatchUpWhenEverythingAcknowledgedBeforeTheHealIsDelivered() {
        sent("m1", 1, 0, 100);
        sent("m2", 2, 150, 200);
        Map<String, Instant> deliveredAt = new HashMap<>(Map.of("m1", T0.plusMillis(300)));

        assertNull(Verification.deliveriesCaughtUp(sends, deliveredAt, T0.plusMillis(250)));
        deliveredAt.put("m2", T0.plusMillis(800));
        assertEquals(T0.plusMillis(800), Verification.deliveriesCaughtUp(sends, deliveredAt, T0.plusMillis(250)));
    }
}

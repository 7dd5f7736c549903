package agentmesh.messaging.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.agent.control.ContactCheck;
import agentmesh.operations.metrics.MeshMeters;
import agentmesh.testfaults.Faults;
import jakarta.json.Json;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SendGroupsTest {

    private final FakeAppender appender = new FakeAppender();
    private final SendGroups groups = new SendGroups();
    private final Map<String, Object> answers = new ConcurrentHashMap<>();
    private final List<Thread> senders = new ArrayList<>();

    SendGroupsTest() {
        groups.appender = appender;
        groups.faults = new Faults();
        groups.transactions = new NoTransaction();
        groups.meters = new MeshMeters();
        groups.register();
    }

    @AfterEach
    void release() throws InterruptedException {
        appender.firstAlone.countDown();
        for (Thread sender : senders) {
            sender.join(10_000);
        }
    }

    @Test
    void sendsWithNothingElseGoingOnAreEachAppendedAloneOnTheirOwnThread() {
        appender.firstAlone.countDown();
        assertEquals("m1", groups.append(command("m1")).messageId());
        assertEquals("m2", groups.append(command("m2")).messageId()); // the lead was given back
        String thread = Thread.currentThread().getName();
        assertEquals(List.of("m1@" + thread, "m2@" + thread), appender.alone);
        assertEquals(List.of(), appender.groups);
    }

    @Test
    void sendsArrivingWhileOneIsAppendedShareTheNextTransactionAndEachGetsItsOwnAnswer() {
        List<String> later = IntStream.range(0, 5).mapToObj(i -> "m" + i).toList();
        sendBehindAFirst(later);
        assertEquals(1, appender.groups.size());
        assertEquals(
                later.stream().sorted().toList(),
                appender.groups.get(0).stream().sorted().toList());
        later.forEach(id -> assertEquals(id, ((SentMessage) answers.get(id)).messageId()));
        assertEquals(List.of("first@first"), appender.alone);
        assertEquals(1, groups.committed.count());
        assertEquals(5, groups.grouped.count());
        assertEquals(0, groups.failed.count());
    }

    @Test
    void aSendSoonAfterAGroupWaitsTheLingerAndTheSendsArrivingMeanwhileShareItsTransaction() {
        groups.lingerMillis = 3_000; // from m1's take: time enough to start m2 and m3 on a loaded machine
        appender.firstAlone.countDown();
        assertEquals("m1", groups.append(command("m1")).messageId()); // after a quiet spell: at once, alone
        startSend("m2");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> senders.get(0).getState() == Thread.State.TIMED_WAITING); // m2 leads and lingers
        startSend("m3");
        await().until(() -> answers.size() == 2);
        assertEquals(List.of("m1@" + Thread.currentThread().getName()), appender.alone);
        assertEquals(List.of(List.of("m2", "m3")), appender.groups);
    }

    @Test
    void aLingeringLeaderTakesItsGroupAsSoonAsItIsFull() {
        groups.lingerMillis = 60_000;
        appender.firstAlone.countDown();
        groups.append(command("m0"));
        List<String> ids = IntStream.range(1, SendGroups.MAX_SENDS + 1)
                .mapToObj(i -> "m" + i)
                .toList();
        ids.forEach(this::startSend);
        await().atMost(Duration.ofSeconds(10)).until(() -> answers.size() == ids.size());
        assertEquals(1, appender.groups.size());
        assertEquals(ids.size(), appender.groups.get(0).size());
    }

    @Test
    void aGroupTakesAtMostItsLimitAndTheRestFormTheNext() {
        int count = SendGroups.MAX_SENDS + 3;
        sendBehindAFirst(IntStream.range(0, count).mapToObj(i -> "m" + i).toList());
        List<Integer> sizes = appender.groups.stream().map(List::size).toList();
        assertEquals(SendGroups.MAX_SENDS, sizes.get(0));
        assertEquals(count, sizes.stream().mapToInt(Integer::intValue).sum());
        assertEquals(List.of("first@first"), appender.alone); // the remaining 3 are a group, not alone
    }

    @Test
    void aSendTheGroupLeavesIsAppendedAloneOnItsOwnThread() {
        appender.leftAlone = id -> id.equals("m2");
        sendBehindAFirst(List.of("m1", "m2", "m3"));
        assertEquals(List.of("first@first", "m2@m2"), appender.alone);
        assertEquals("m2", ((SentMessage) answers.get("m2")).messageId());
    }

    @Test
    void whenTheGroupFailsEverySendIsAppendedAloneOnItsOwnThreadWithItsOwnOutcome() {
        appender.groupFails = true;
        appender.refused = id -> id.equals("m3");
        sendBehindAFirst(List.of("m1", "m2", "m3"));
        assertEquals(
                List.of("first@first", "m1@m1", "m2@m2", "m3@m3"),
                appender.alone.stream().sorted().toList());
        assertTrue(answers.get("m3") instanceof MessageIdConflictException);
        assertEquals("m1", ((SentMessage) answers.get("m1")).messageId());
    }

    @Test
    void sendsWhoseMessageIdWasUsedBeforeAreTakenOutAndTheRestAppendedTogether() {
        appender.storedBefore = id -> id.equals("m2");
        sendBehindAFirst(List.of("m1", "m2", "m3"));
        assertEquals(2, appender.groups.size());
        assertEquals(
                List.of("m1", "m3"), appender.groups.get(1).stream().sorted().toList());
        assertEquals(List.of("first@first", "m2@m2"), appender.alone);
        assertEquals(1, groups.committed.count());
        assertEquals(1, groups.failed.count());
        assertEquals(2, groups.grouped.count());
    }

    @Test
    void theLeadersOwnErrorReachesItsCallerUnchanged() {
        appender.firstAlone.countDown();
        appender.refused = id -> true;
        assertThrows(MessageIdConflictException.class, () -> groups.append(command("m1")));
        assertEquals(List.of("m1@" + Thread.currentThread().getName()), appender.alone);
    }

    // A first send holds the lead, appending alone, while the others queue behind it; then it is let go, and all are
    // answered.
    private void sendBehindAFirst(List<String> messageIds) {
        startSend("first");
        await().until(() -> appender.alone.size() == 1);
        messageIds.forEach(this::startSend);
        awaitWaiting(messageIds.size() + 1);
        appender.firstAlone.countDown();
        await().until(() -> answers.size() == messageIds.size() + 1);
    }

    private void startSend(String messageId) {
        Thread sender = new Thread(
                () -> {
                    try {
                        answers.put(messageId, groups.append(command(messageId)));
                    } catch (RuntimeException e) {
                        answers.put(messageId, e);
                    }
                },
                messageId);
        senders.add(sender);
        sender.start();
    }

    // Every sender started so far is parked: the leader in its append, the others waiting for their group.
    private void awaitWaiting(int count) {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> senders.size() == count
                        && senders.stream().allMatch(t -> t.getState() == Thread.State.WAITING));
    }

    private static SendCommand command(String messageId) {
        return new SendCommand(
                "alice",
                messageId,
                "bob",
                "task-1",
                null,
                Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("kind", "text").add("text", messageId))
                        .build(),
                ContactCheck.IN_TRANSACTION);
    }

    /** Records which sends are appended alone (and on which thread) and which together. */
    private static final class FakeAppender extends MessageAppender {
        final CountDownLatch firstAlone = new CountDownLatch(1);
        final List<String> alone = Collections.synchronizedList(new ArrayList<>());
        final List<List<String>> groups = Collections.synchronizedList(new ArrayList<>());
        volatile Function<String, Boolean> leftAlone = id -> false;
        volatile Function<String, Boolean> refused = id -> false;
        volatile Function<String, Boolean> storedBefore = id -> false;
        volatile boolean groupFails;

        @Override
        public SentMessage append(SendGroups.GroupedSend send) {
            SendCommand command = send.command();
            alone.add(command.messageId() + "@" + Thread.currentThread().getName());
            try {
                firstAlone.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (refused.apply(command.messageId())) {
                throw new MessageIdConflictException(command.messageId());
            }
            return sent(command);
        }

        @Override
        public List<SentMessage> appendAll(List<SendGroups.GroupedSend> sends) {
            groups.add(sends.stream().map(send -> send.command().messageId()).toList());
            if (groupFails) {
                throw new IllegalStateException("the group's transaction failed");
            }
            Set<Integer> repeated = IntStream.range(0, sends.size())
                    .filter(i -> storedBefore.apply(sends.get(i).command().messageId()))
                    .boxed()
                    .collect(Collectors.toSet());
            if (!repeated.isEmpty()) {
                throw new RepeatedMessageIdsException(repeated);
            }
            return sends.stream()
                    .map(send -> leftAlone.apply(send.command().messageId()) ? null : sent(send.command()))
                    .toList();
        }

        private static SentMessage sent(SendCommand command) {
            return new SentMessage(command.messageId(), command.taskId(), "ctx", 1, Instant.EPOCH);
        }
    }

    private static final class NoTransaction implements TransactionSynchronizationRegistry {
        @Override
        public Object getTransactionKey() {
            return null;
        }

        @Override
        public void putResource(Object key, Object value) {}

        @Override
        public Object getResource(Object key) {
            return null;
        }

        @Override
        public void registerInterposedSynchronization(Synchronization sync) {}

        @Override
        public int getTransactionStatus() {
            return Status.STATUS_NO_TRANSACTION;
        }

        @Override
        public void setRollbackOnly() {}

        @Override
        public boolean getRollbackOnly() {
            return false;
        }
    }
}

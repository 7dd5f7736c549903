package agentmesh.client;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import agentmesh.client.StubMesh.Reply;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class InboxSubscriptionTest {

    private static String event(long cursor) {
        return "id: " + cursor + "\nevent: message\ndata: {\"cursor\":" + cursor + ",\"type\":\"message\","
                + "\"taskId\":\"t-1\",\"from\":\"bob@example\",\"createdAt\":\"2026-12-03T10:00:00Z\","
                + "\"messageId\":\"m-" + cursor + "\",\"seq\":" + cursor + ",\"parts\":[]}\n\n";
    }

    @Test
    void aLostStreamResumesAfterTheLastEventHandledWithNoGapAndNoRepeat() throws Exception {
        try (StubMesh stub = new StubMesh()) {
            stub.on(
                    "inbox/stream",
                    Reply.events(": inbox\n\n" + event(1) + event(2)),
                    Reply.events(event(3)),
                    Reply.events(""));
            MeshAgent alice = MeshAgent.builder(stub.baseUrl(), "alice@example", "t")
                    .retries(new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(20)))
                    .build();
            List<Long> cursors = new CopyOnWriteArrayList<>();

            try (InboxSubscription subscription = alice.subscribe(null, event -> cursors.add(event.cursor()))) {
                await().atMost(Duration.ofSeconds(10)).until(() -> cursors.size() == 3);
                assertEquals(3L, subscription.lastCursor().orElseThrow());
            }

            assertEquals(List.of(1L, 2L, 3L), cursors);
            List<StubMesh.Request> opens = stub.requestsTo("inbox/stream");
            assertNull(opens.get(0).header("Last-Event-ID"), "the first open resumes after the last ack");
            assertEquals("2", opens.get(1).header("Last-Event-ID"));
            assertEquals("3", opens.get(2).header("Last-Event-ID"));
        }
    }

    @Test
    void aListenerThatFailsEndsTheStreamAndItsEventCountsAsNotHandled() throws Exception {
        try (StubMesh stub = new StubMesh()) {
            stub.on("inbox/stream", Reply.events(event(1) + event(2)));
            MeshAgent alice =
                    MeshAgent.builder(stub.baseUrl(), "alice@example", "t").build();
            List<Throwable> endings = new CopyOnWriteArrayList<>();

            InboxSubscription subscription = alice.subscribe(7L, new InboxSubscription.Listener() {
                @Override
                public void onEvent(InboxEvent event) {
                    if (event.cursor() == 2) {
                        throw new IllegalStateException("the brain failed");
                    }
                }

                @Override
                public void ended(Throwable cause) {
                    endings.add(cause);
                }
            });

            await().atMost(Duration.ofSeconds(10)).until(() -> endings.size() == 1);
            var failed = assertInstanceOf(InboxSubscription.ListenerFailed.class, endings.get(0));
            assertEquals(2, failed.event().cursor());
            assertEquals(1L, subscription.lastCursor().orElseThrow());
            assertEquals("7", stub.requestsTo("inbox/stream").get(0).header("Last-Event-ID"));
            subscription.close();
        }
    }
}

package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.InboxSubscription;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Message;
import agentmesh.client.Pages;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The Java client library (mesh-client) against the real stack: two agents work a task through it. */
@ExtendWith(MeshStackExtension.class)
class ClientLibraryIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();

    @Test
    void twoAgentsWorkATaskThroughTheLibrary() {
        MeshAgent alice = register("alice");
        MeshAgent bob = register("bob");
        admin.allow(alice.agentId(), bob.agentId());
        assertEquals(List.of(bob.agentId()), admin.agent(alice.agentId()).contacts());
        List<InboxEvent> bobSees = new CopyOnWriteArrayList<>();

        try (InboxSubscription bobsInbox = bob.subscribe(null, bobSees::add)) {
            SendReceipt opened = alice.send(Message.newTask(bob.agentId(), Part.text("Please review PR 42")));

            await().atMost(Duration.ofSeconds(30)).until(() -> bobSees.size() == 1);
            var request = assertInstanceOf(InboxEvent.MessageEvent.class, bobSees.get(0));
            assertEquals(opened.messageId(), request.messageId());
            assertEquals("Please review PR 42", request.parts().get(0).text());
            bob.ack(request.cursor());

            assertEquals(
                    TaskState.WORKING,
                    bob.changeStatus(opened.taskId(), TaskState.WORKING, null).state());
            bob.addArtifact(opened.taskId(), null, "review", List.of(Part.text("LGTM")));
            bob.send(Message.inTask(opened.taskId(), alice.agentId(), Part.text("Done, see the artifact")));
            bob.changeStatus(opened.taskId(), TaskState.COMPLETED, "reviewed");

            List<InboxEvent> aliceSees = new CopyOnWriteArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                Long after = aliceSees.isEmpty()
                        ? 0L
                        : aliceSees.get(aliceSees.size() - 1).cursor();
                aliceSees.addAll(alice.inbox(after, 100, Duration.ofSeconds(2)).events());
                return aliceSees.size() >= 4;
            });
            assertEquals(
                    List.of(
                            InboxEvent.StatusEvent.class,
                            InboxEvent.ArtifactEvent.class,
                            InboxEvent.MessageEvent.class,
                            InboxEvent.StatusEvent.class),
                    aliceSees.stream().map(Object::getClass).toList());

            Task task = alice.task(opened.taskId());
            assertEquals(TaskState.COMPLETED, task.status().state());
            assertEquals("reviewed", task.status().reason());
            assertEquals(2, task.history().size());
            assertEquals("LGTM", task.artifacts().get(0).parts().get(0).text());
            Pages.TaskPage completed = alice.tasks(TaskState.COMPLETED, null, 10);
            assertEquals(
                    List.of(opened.taskId()),
                    completed.tasks().stream().map(Task::taskId).toList());
            assertThrows(
                    MeshProblemException.Conflict.class,
                    () -> alice.send(Message.inTask(opened.taskId(), bob.agentId(), Part.text("too late"))));
        }
    }

    @Test
    void aRetriedSendIsStoredOnceAndAReusedIdWithOtherContentIsAConflict() {
        MeshAgent alice = register("alice");
        MeshAgent bob = register("bob");
        admin.allow(alice.agentId(), bob.agentId());
        Message message =
                Message.newTask(bob.agentId(), Part.text("once")).withMessageId("m-retried-" + UUID.randomUUID());

        SendReceipt first = alice.send(message);
        SendReceipt again = alice.send(message);

        assertFalse(first.repeated());
        assertTrue(again.repeated());
        assertEquals(first.taskId(), again.taskId());
        var conflict = assertThrows(
                MeshProblemException.Conflict.class,
                () -> alice.send(
                        new Message(message.messageId(), bob.agentId(), null, null, List.of(Part.text("twice")))));
        assertEquals(409, conflict.status());
        assertThrows(
                MeshProblemException.NotAllowed.class,
                () -> alice.send(Message.newTask(register("carol").agentId(), Part.text("stranger"))));
    }

    @Test
    void aRotatedTokenEndsTheOldTokensStreamWithATypedRefusal() {
        MeshAgent bob = register("bob");
        List<Throwable> endings = new CopyOnWriteArrayList<>();
        InboxSubscription stream = bob.subscribe(null, new InboxSubscription.Listener() {
            @Override
            public void onEvent(InboxEvent event) {}

            @Override
            public void ended(Throwable cause) {
                endings.add(cause);
            }
        });

        admin.rotateToken(bob.agentId());

        await().atMost(Duration.ofSeconds(30)).until(() -> endings.size() == 1);
        assertInstanceOf(MeshProblemException.Unauthorized.class, endings.get(0));
        assertThrows(MeshProblemException.Unauthorized.class, () -> bob.inbox(null, 10, Duration.ZERO));
        stream.close();
    }

    private MeshAgent register(String role) {
        String id = role + "-" + UUID.randomUUID().toString().substring(0, 8) + "@client";
        MeshAdmin.Credentials credentials = admin.registerAgent(id, role);
        return MeshAgent.builder(base, credentials.agentId(), credentials.token())
                .build();
    }
}

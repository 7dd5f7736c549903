package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.agent.control.ContactCheck;
import agentmesh.identity.control.IdentityCheck;
import agentmesh.json.MeshJson;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.messaging.control.SendResult;
import agentmesh.problem.MeshException;
import agentmesh.task.control.IllegalTransitionException;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.task.entity.TaskState;
import jakarta.json.JsonArray;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules by which a remote answer changes a mesh task, with the task held in memory as the mesh would. */
class RemoteAnswersTest {

    private static final JsonArray TEXT = MeshJson.array()
            .add(MeshJson.object().add("kind", "text").add("text", "hello"))
            .build();

    private final MeshTask task = new MeshTask();
    private final List<String> ended = new ArrayList<>();
    private final RemoteAnswers answers = new RemoteAnswers();
    private Supplier<ContactCheck> contact = () -> ContactCheck.IN_TRANSACTION;

    @BeforeEach
    void wire() {
        answers.lifecycle = task;
        answers.reader = new TaskReader() {
            @Override
            public TaskView read(String taskId, String reader, int historyLength) {
                return new TaskView(
                        taskId,
                        "c",
                        "alice",
                        "echo",
                        new TaskView.Status(task.state.wireName(), Instant.EPOCH, null),
                        List.of(),
                        List.of(),
                        null,
                        0,
                        Instant.EPOCH,
                        Instant.EPOCH);
            }
        };
        answers.identity = new IdentityCheck() {
            @Override
            public ContactCheck beforeWriting(String from, String to) {
                return contact.get();
            }
        };
        answers.sender = new MessageSender() {
            @Override
            public SendResult send(SendCommand command) {
                task.messages.add(command.messageId());
                return null;
            }
        };
        answers.agents = new RemoteAgents() {
            @Override
            void mapTask(String taskId, String agentId, String remoteTaskId, String remoteContextId) {}

            @Override
            void ended(String taskId) {
                ended.add(taskId);
            }
        };
    }

    @Test
    void anArtifactWithoutANameIsAddedNamedByItsId() {
        apply(answer(null, new RemoteAnswer.Made("report-1", null, TEXT)));
        assertEquals(List.of("report-1"), task.artifactNames);
    }

    @Test
    void anArtifactWithALongNameIsAddedWithTheNameCut() {
        apply(answer(null, new RemoteAnswer.Made("report-1", "n".repeat(1000), TEXT)));
        assertEquals(200, task.artifactNames.get(0).length());
    }

    @Test
    void anArtifactWithPartsTheMeshCannotKeepIsLeftOutAndTheStateStillApplied() {
        apply(answer(
                "completed",
                new RemoteAnswer.Made("empty", "Empty", MeshJson.array().build())));
        assertTrue(task.artifactNames.isEmpty());
        assertEquals(TaskState.COMPLETED, task.state);
    }

    @Test
    void appendedChunksAreAppendedToTheArtifactAndAnAppendPastItsBoundsIsLeftOutForGood() {
        apply(answer(null, new RemoteAnswer.Made("report-1", null, TEXT, true, true)));
        assertEquals(List.of("append report-1"), task.artifactNames);

        task.artifactFull = true;
        apply(answer("completed", new RemoteAnswer.Made("report-1", null, TEXT, true, true)));

        assertEquals(List.of("append report-1"), task.artifactNames);
        assertEquals(TaskState.COMPLETED, task.state, "the rest of the answer applied, nothing to apply again");
        assertEquals(List.of("t-1"), ended);
    }

    @Test
    void rejectedWhileTheMeshTaskWorksFailsItAndItIsNotFollowedAgain() {
        apply(answer("rejected"));
        assertEquals(TaskState.FAILED, task.state);
        assertTrue(task.reason.contains("rejected"), task.reason);
        assertEquals(List.of("t-1"), ended);
    }

    @Test
    void aRemoteTaskOverIsNotFollowedAgainEvenWhenTheAgentsMayNoLongerTalk() {
        task.mayTalk = false;
        apply(answer("completed", new RemoteAnswer.Made("r", "Report", TEXT)));
        assertEquals(TaskState.WORKING, task.state, "the mesh refused the writes");
        assertEquals(List.of("t-1"), ended);
    }

    @Test
    void aRunningRemoteTaskIsFollowedOn() {
        apply(answer("working"));
        assertTrue(ended.isEmpty());
    }

    @Test
    void aRefusalForNowEscapesSoThatTheAnswerIsAppliedAgainLater() {
        contact = () -> {
            throw new MeshException(503, "identity-unavailable", "Identity service unavailable", "try later") {
                @Override
                public int retryAfterSeconds() {
                    return 5;
                }
            };
        };
        assertThrows(MeshException.class, () -> apply(answer("completed")));
        assertTrue(ended.isEmpty());
    }

    @Test
    void theAgentsMessagesReachTheTaskUnderTheirIds() {
        apply(new RemoteAnswer("rt-1", null, null, List.of(new RemoteAnswer.Said("a-1", TEXT)), List.of()));
        assertEquals(List.of("a-1"), task.messages);
    }

    private void apply(RemoteAnswer answer) {
        answers.apply("echo", "t-1", "alice", answer);
    }

    private static RemoteAnswer answer(String state, RemoteAnswer.Made... artifacts) {
        return new RemoteAnswer("rt-1", "rc-1", state, List.of(), List.of(artifacts));
    }

    /** The mesh's task as far as these rules touch it: its transitions, and artifact names as the table takes them. */
    private static final class MeshTask extends TaskLifecycle {
        TaskState state = TaskState.WORKING;
        String reason;
        boolean mayTalk = true;
        boolean artifactFull;
        final List<String> artifactNames = new ArrayList<>();
        final List<String> messages = new ArrayList<>();

        @Override
        public TaskView.Status changeStatus(
                String taskId, String caller, TaskState target, String reason, ContactCheck contactCheck) {
            requireContact();
            if (!state.mayMoveTo(target)) {
                throw new IllegalTransitionException(taskId, state, target);
            }
            state = target;
            this.reason = reason;
            return null;
        }

        @Override
        public TaskView.Status cancel(String taskId, String caller, String reason) {
            state = TaskState.CANCELED;
            return null;
        }

        @Override
        public ArtifactView addArtifact(
                String taskId,
                String caller,
                String artifactId,
                String name,
                JsonArray parts,
                ContactCheck contactCheck) {
            requireContact();
            if (name == null || name.length() > 200) {
                // what the task_artifact table does with it: name VARCHAR(200) NOT NULL
                throw new IllegalStateException("Column 'name' cannot be null or longer than 200");
            }
            artifactNames.add(name);
            return null;
        }

        @Override
        public ArtifactView appendToArtifact(
                String taskId,
                String caller,
                String artifactId,
                String name,
                JsonArray parts,
                ContactCheck contactCheck) {
            requireContact();
            if (artifactFull) {
                throw new MeshException(413, "artifact-too-large", "Artifact too large", "past its bounds") {};
            }
            artifactNames.add("append " + name);
            return null;
        }

        private void requireContact() {
            if (!mayTalk) {
                throw new MeshException(403, "not-in-contact", "Not in contact", "echo may not talk to alice") {};
            }
        }
    }
}

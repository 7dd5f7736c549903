package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.json.MeshJson;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteAnswerTest {

    @Test
    void a10TaskGivesItsIdsStateAndTheAgentsMessagesAndArtifacts() {
        RemoteAnswer answer = RemoteAnswer.of(MeshJson.readObject("""
                {"task":{"id":"rt-1","contextId":"rc-1","status":{"state":"TASK_STATE_COMPLETED",
                  "message":{"messageId":"a-2","role":"ROLE_AGENT","parts":[{"text":"done"}]}},
                  "history":[{"messageId":"u-1","role":"ROLE_USER","parts":[{"text":"please"}]},
                             {"messageId":"a-1","role":"ROLE_AGENT","parts":[{"text":"on it"}]}],
                  "artifacts":[{"artifactId":"x","name":"report","parts":[{"data":{"ok":true}}]}]}}"""), A2aVersion.V1_0);
        assertEquals("rt-1", answer.remoteTaskId());
        assertEquals("rc-1", answer.remoteContextId());
        assertEquals("completed", answer.state());
        assertEquals(
                List.of("a-1", "a-2"),
                answer.messages().stream().map(RemoteAnswer.Said::messageId).toList());
        assertEquals(
                MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"done\"}]"),
                answer.messages().get(1).parts());
        assertEquals("report", answer.artifacts().get(0).name());
    }

    @Test
    void a03MessageAndStatusUpdateAreRead() {
        RemoteAnswer message = RemoteAnswer.of(MeshJson.readObject("""
                {"kind":"message","messageId":"a-9","role":"agent","taskId":"rt-2",
                 "parts":[{"kind":"text","text":"hi"}]}"""), A2aVersion.V0_3);
        assertEquals("rt-2", message.remoteTaskId());
        assertNull(message.state());
        assertEquals("a-9", message.messages().get(0).messageId());

        RemoteAnswer update = RemoteAnswer.of(MeshJson.readObject("""
                {"kind":"status-update","taskId":"rt-2","contextId":"c","final":true,
                 "status":{"state":"input-required"}}"""), A2aVersion.V0_3);
        assertEquals("input-required", update.state());
        assertEquals("rt-2", update.remoteTaskId());
    }

    @Test
    void anArtifactUpdateCarriesWhetherItAppendsAndIsTheLastChunk() {
        RemoteAnswer chunk = RemoteAnswer.of(MeshJson.readObject("""
                {"artifactUpdate":{"taskId":"rt-3","contextId":"c","append":true,"lastChunk":true,
                  "artifact":{"artifactId":"x","parts":[{"text":"more"}]}}}"""), A2aVersion.V1_0);
        RemoteAnswer.Made made = chunk.artifacts().get(0);
        assertEquals(List.of(true, true), List.of(made.append(), made.lastChunk()));
        assertNull(made.name());

        RemoteAnswer task = RemoteAnswer.of(MeshJson.readObject("""
                {"kind":"task","id":"rt-3","status":{"state":"working"},
                 "artifacts":[{"artifactId":"y","parts":[{"kind":"text","text":"all"}]}]}"""), A2aVersion.V0_3);
        assertEquals(
                List.of(false, true),
                List.of(
                        task.artifacts().get(0).append(),
                        task.artifacts().get(0).lastChunk()));
    }

    @Test
    void aMessageOrArtifactTheMeshCannotReadIsLeftOutAndTheRestIsRead() {
        RemoteAnswer answer = RemoteAnswer.of(MeshJson.readObject("""
                {"task":{"id":"rt-4","status":{"state":"TASK_STATE_COMPLETED"},
                  "history":[{"messageId":"a-1","role":"ROLE_AGENT","parts":[]},
                             {"messageId":"a-2","role":"ROLE_AGENT","parts":[{"text":"ok"}]}],
                  "artifacts":[{"artifactId":"bad","parts":[{"nothing":1}]},{"name":"no id","parts":[{"text":"?"}]},
                               {"artifactId":"good","parts":[{"text":"fine"}]}]}}"""), A2aVersion.V1_0);
        assertEquals(
                List.of("a-2"),
                answer.messages().stream().map(RemoteAnswer.Said::messageId).toList());
        assertEquals(
                List.of("good"),
                answer.artifacts().stream().map(RemoteAnswer.Made::artifactId).toList());
        assertEquals("completed", answer.state());
    }
}

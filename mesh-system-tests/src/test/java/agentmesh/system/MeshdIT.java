package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.Message;
import agentmesh.client.Part;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import agentmesh.client.TraceContext;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two meshd processes, each with a scripted brain, converse through the real stack: the planner opens a task with
 * the reviewer, who works it, attaches a review, answers and completes it. Each is killed with {@code kill -9} at
 * its worst moment and restarted on its state directory: nothing is missed and nothing is done twice.
 */
@ExtendWith(MeshStackExtension.class)
class MeshdIT {

    /** meshd as users run it: its jar, with its libraries in lib/ beside it (built before the system tests). */
    static final Path JAR =
            Path.of("..", "meshd", "target", "meshd.jar").toAbsolutePath().normalize();

    private static final Path LOGS = Path.of("target", "meshd");

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stopTheDaemons() {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void twoDaemonsConverseAndOneKilledMidTaskNeitherMissesNorRepeatsAnAction(@TempDir Path state) throws IOException {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials planner = admin.registerAgent("planner-" + suffix + "@meshd", "Planner");
        MeshAdmin.Credentials reviewer = admin.registerAgent("reviewer-" + suffix + "@meshd", "Reviewer");
        admin.allow(planner.agentId(), reviewer.agentId());
        Path plannerRules = Files.writeString(state.resolve("planner.json"), """
                {"start": [{"send": {"to": "%s", "text": "Please review PR 42"}}], "rules": []}""".formatted(reviewer.agentId()));
        Path reviewerRules = Files.writeString(state.resolve("reviewer.json"), """
                {"rules": [{"on": "message", "role": "assignee", "do": [
                   {"status": "working"},
                   {"artifact": {"name": "review", "text": "Reviewed: {text}"}},
                   {"think": 5},
                   {"reply": "Done: {text}"},
                   {"status": "completed", "reason": "reviewed"}]}]}""");
        MeshAgent plannerClient =
                MeshAgent.builder(base, planner.agentId(), planner.token()).build();

        Process reviewerDaemon = scripted(reviewer, state.resolve("reviewer"), reviewerRules, "reviewer-1");
        Process plannerDaemon = scripted(planner, state.resolve("planner"), plannerRules, "planner-1");

        // The reviewer has attached its review and thinks before answering: killed there, it has acted and not
        // recorded the event as handled.
        String taskId = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> onlyTask(plannerClient),
                        task -> task != null && task.artifacts().size() == 1)
                .taskId();
        reviewerDaemon.destroyForcibly();
        await().atMost(Duration.ofSeconds(10)).until(() -> !reviewerDaemon.isAlive());
        scripted(reviewer, state.resolve("reviewer"), reviewerRules, "reviewer-2");

        Task done = await().atMost(Duration.ofSeconds(60))
                .until(() -> plannerClient.task(taskId), task -> task.status().state() == TaskState.COMPLETED);
        // The planner, killed and restarted after its start action, does not open the task a second time.
        plannerDaemon.destroyForcibly();
        await().atMost(Duration.ofSeconds(10)).until(() -> !plannerDaemon.isAlive());
        Process plannerAgain = scripted(planner, state.resolve("planner"), plannerRules, "planner-2");
        await().atMost(Duration.ofSeconds(30)).until(() -> log("planner-2").contains("reading the inbox"));

        assertEquals(
                List.of("Please review PR 42", "Done: Please review PR 42"),
                done.history().stream()
                        .map(message -> message.parts().get(0).text())
                        .toList());
        assertEquals(1, done.artifacts().size());
        assertEquals("reviewed", done.status().reason());
        assertEquals(1, plannerClient.tasks(null, null, 10).tasks().size());
        assertEquals(
                List.of("task-status working", "artifact review", "message", "task-status completed"),
                plannerClient.inbox(0L, 100, Duration.ZERO).events().stream()
                        .map(MeshdIT::describe)
                        .toList(),
                "the planner heard each of the reviewer's actions once");
        assertEquals(true, plannerAgain.isAlive());
    }

    @Test
    void theLlmBrainCallsTheMeshsToolsAndIsFedTheirResults(@TempDir Path state) throws IOException {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials requester = admin.registerAgent("requester-" + suffix + "@meshd", "Requester");
        MeshAdmin.Credentials assistant = admin.registerAgent("assistant-" + suffix + "@meshd", "Assistant");
        admin.allow(requester.agentId(), assistant.agentId());
        MeshAgent requesterClient =
                MeshAgent.builder(base, requester.agentId(), requester.token()).build();

        try (FakeChatModel model = new FakeChatModel(List.of(
                FakeChatModel.toolCalls(
                        FakeChatModel.call("c1", "mesh_update_task", "{\"state\":\"working\"}"),
                        FakeChatModel.call("c2", "mesh_add_artifact", "{\"name\":\"summary\",\"text\":\"42\"}")),
                FakeChatModel.toolCalls(
                        FakeChatModel.call("c3", "mesh_reply", "{\"text\":\"The answer is 42\"}"),
                        FakeChatModel.call("c4", "mesh_update_task", "{\"state\":\"completed\"}")),
                FakeChatModel.answer("Done.")))) {
            meshd(
                    assistant,
                    state.resolve("assistant"),
                    "llm-assistant",
                    "--brain",
                    "llm",
                    "--llm-url",
                    model.baseUrl(),
                    "--llm-model",
                    "fake-model",
                    "--llm-key",
                    "fake-key");

            // Sent in a trace (sampled): meshd continues it into the model's calls and its answers (docs/TRACING.md).
            String traceId = UUID.randomUUID().toString().replace("-", "");
            String taskId = requesterClient
                    .send(
                            Message.newTask(assistant.agentId(), Part.text("What is the answer?")),
                            new TraceContext("00-" + traceId + "-" + traceId.substring(0, 16) + "-01", null))
                    .taskId();

            Task done = await().atMost(Duration.ofSeconds(60))
                    .until(
                            () -> requesterClient.task(taskId),
                            task -> task.status().state() == TaskState.COMPLETED);
            assertEquals(
                    "The answer is 42", done.history().get(1).parts().get(0).text());
            assertEquals("summary", done.artifacts().get(0).name());
            // One model call per step, until it answered without a tool call (the third follows the last tool).
            await().atMost(Duration.ofSeconds(10)).until(() -> model.requests().size() == 3);
            List<JsonObject> requests = model.requests();
            assertEquals("fake-model", requests.get(0).getString("model"));
            assertEquals(
                    List.of(
                            "mesh_send_message",
                            "mesh_reply",
                            "mesh_update_task",
                            "mesh_add_artifact",
                            "mesh_read_task"),
                    requests.get(0).getJsonArray("tools").getValuesAs(JsonObject.class).stream()
                            .map(tool -> tool.getJsonObject("function").getString("name"))
                            .toList());
            assertTrue(requests.get(0).toString().contains("What is the answer?"), "the model is told the event");
            List<JsonObject> fedBack = requests.get(1).getJsonArray("messages").getValuesAs(JsonObject.class).stream()
                    .filter(message -> message.getString("role").equals("tool"))
                    .toList();
            assertEquals(
                    List.of("c1", "c2"),
                    fedBack.stream().map(m -> m.getString("tool_call_id")).toList());
            assertTrue(fedBack.get(0).getString("content").contains("\"state\":\"working\""));
            assertEquals("Bearer fake-key", model.authorizations().get(0));

            // The trace went on: into each call of the model, and through the reply back to the requester, whose
            // event continues the trace; the reply's request is a child of the delivery of the event it answers.
            model.traceparents()
                    .forEach(traceparent -> assertTrue(
                            traceparent.startsWith("00-" + traceId + "-"),
                            "the model's call is in the trace: " + traceparent));
            InboxEvent reply = requesterClient.inbox(0L, 100, Duration.ZERO).events().stream()
                    .filter(event -> event instanceof InboxEvent.MessageEvent)
                    .findFirst()
                    .orElseThrow();
            assertTrue(reply.trace().traceparent().startsWith("00-" + traceId + "-"), reply::toString);
            String delivered = model.traceparents().get(0).substring(36, 52);
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> MeshStackExtension.otlp().trace(traceId).stream()
                            .anyMatch(span -> span.name().equals("POST /mesh/api/v1/messages")
                                    && span.parentSpanId().equals(delivered)));
        }
    }

    private static Task onlyTask(MeshAgent agent) {
        List<Task> tasks = agent.tasks(null, null, 10).tasks();
        return tasks.isEmpty() ? null : agent.task(tasks.get(0).taskId());
    }

    private static String describe(InboxEvent event) {
        if (event instanceof InboxEvent.StatusEvent status) {
            return "task-status " + status.status().state().wireName();
        }
        if (event instanceof InboxEvent.ArtifactEvent artifact) {
            return "artifact " + artifact.artifact().name();
        }
        return "message";
    }

    private Process scripted(MeshAdmin.Credentials agent, Path state, Path rules, String name) throws IOException {
        return meshd(agent, state, name, "--rules", rules.toString());
    }

    /** Starts meshd as its own process (its output in target/meshd/<name>.log). */
    private Process meshd(MeshAdmin.Credentials agent, Path state, String name, String... options) throws IOException {
        Files.createDirectories(LOGS);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(
                java.toString(),
                "-jar",
                JAR.toString(),
                "--url",
                base.toString(),
                "--agent",
                agent.agentId(),
                "--state",
                state.toString()));
        command.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(LOGS.resolve(name + ".log").toFile());
        builder.environment().put("MESH_AGENT_TOKEN", agent.token()); // not on the command line, where ps shows it
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    private static String log(String name) {
        try {
            return Files.readString(LOGS.resolve(name + ".log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

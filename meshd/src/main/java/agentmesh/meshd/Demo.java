package agentmesh.meshd;

import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Pages;
import agentmesh.client.Task;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Two agents talking through the mesh, in one command ({@code ./mesh demo}): registers {@code alice-planner@example}
 * and {@code bob-coder@example} (or gives them new tokens), allows them to talk and runs a meshd for each with a
 * scripted brain. Alice opens a task with Bob; Bob works it, attaches a review, answers and completes it. The
 * conversation is printed as it happens; the demo ends when the task does. With {@code OPENAI_BASE_URL},
 * {@code MESH_LLM_MODEL} (and {@code OPENAI_API_KEY} if the endpoint needs one) set, both reason with that model
 * instead (Alice still opens the task as scripted), and the demo waits up to five minutes.
 */
public final class Demo {

    private static final String ALICE = "alice-planner@example";
    private static final String BOB = "bob-coder@example";

    private Demo() {}

    public static void main(String[] args) throws Exception {
        URI base = URI.create(System.getenv().getOrDefault("MESH_URL", "http://127.0.0.1:8080/mesh/api/v1/"));
        String adminToken = System.getenv("MESH_ADMIN_TOKEN");
        if (adminToken == null || adminToken.isBlank()) {
            System.err.println("demo: MESH_ADMIN_TOKEN must hold the mesh's admin token");
            System.exit(2);
        }
        MeshAdmin admin = MeshAdmin.builder(base, adminToken).build();
        MeshAgent alice = agent(admin, base, ALICE, "Alice (planner)");
        MeshAgent bob = agent(admin, base, BOB, "Bob (coder)");
        admin.allow(ALICE, BOB);

        Transcript transcript = new Transcript(System.out);
        Path state = Files.createTempDirectory("mesh-demo");
        ScriptedBrain planner = ScriptedBrain.parse(resource("planner.json").replace("{peer}", BOB));
        Brain aliceBrain = planner;
        Brain bobBrain = ScriptedBrain.reviewer();
        String model = System.getenv("MESH_LLM_MODEL");
        String endpoint = System.getenv("OPENAI_BASE_URL");
        if (model != null && !model.isBlank() && endpoint != null && !endpoint.isBlank()) {
            LlmBrain llm = new LlmBrain(URI.create(endpoint), model, System.getenv("OPENAI_API_KEY"), 8);
            aliceBrain =
                    new Brain() { // opens the task as scripted, then reasons about what comes back
                        @Override
                        public void start(Actions actions) throws Exception {
                            planner.start(actions);
                        }

                        @Override
                        public void handle(Actions actions) throws Exception {
                            llm.handle(actions);
                        }
                    };
            bobBrain = llm;
            System.out.println("Brains: " + model + " at " + endpoint);
        }
        Meshd bobDaemon = new Meshd(bob, bobBrain, HandledEvents.open(state.resolve("bob"), 1000), transcript, null);
        Meshd aliceDaemon =
                new Meshd(alice, aliceBrain, HandledEvents.open(state.resolve("alice"), 1000), transcript, null);
        Instant started = Instant.now();
        List<Thread> daemons = List.of(run(bobDaemon, "bob"), run(aliceDaemon, "alice"));

        Task task = awaitCompletedTask(
                alice, started, bobBrain instanceof LlmBrain ? Duration.ofMinutes(5) : Duration.ofSeconds(60));
        aliceDaemon.stop();
        bobDaemon.stop();
        for (Thread daemon : daemons) {
            daemon.join();
        }
        if (task == null) {
            System.err.println("demo: the task did not end in time");
            System.exit(1);
        }
        System.out.printf(
                "%nTask %s %s: %d messages, %d artifact(s).%n",
                task.taskId(),
                task.status().state().wireName(),
                task.history().size(),
                task.artifacts().size());
    }

    /** Registers the agent, or gives it a new token when it exists (the mesh shows a token only once). */
    private static MeshAgent agent(MeshAdmin admin, URI base, String agentId, String displayName) {
        MeshAdmin.Credentials credentials;
        try {
            credentials = admin.registerAgent(agentId, displayName);
        } catch (MeshProblemException.Conflict exists) {
            credentials = admin.rotateToken(agentId);
        }
        return MeshAgent.builder(base, agentId, credentials.token()).build();
    }

    private static Thread run(Meshd meshd, String name) {
        Thread thread = new Thread(
                () -> {
                    try {
                        meshd.run();
                    } catch (Exception e) {
                        System.err.println("demo: " + name + "'s meshd failed: " + e);
                    }
                },
                "meshd-" + name);
        thread.start();
        return thread;
    }

    private static Task awaitCompletedTask(MeshAgent alice, Instant since, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Pages.TaskPage page = alice.tasks(null, null, 1);
            if (!page.tasks().isEmpty()) {
                Task newest = page.tasks().get(0);
                if (newest.createdAt().isAfter(since.minusSeconds(1))
                        && newest.status().state().terminal()) {
                    return alice.task(newest.taskId());
                }
            }
            Thread.sleep(500);
        }
        return null;
    }

    private static String resource(String name) {
        try (InputStream in = Demo.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

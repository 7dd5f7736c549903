package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.MeshClient.Agent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An agent at its rate limit through the balancer of a cluster (two instances, HAProxy round robin) is held to the
 * configured rate in all, not twice it: each instance keeps half the bucket ({@code mesh.rate-limit.instances=2},
 * which {@code MESH_TOPOLOGY=cluster} sets). A cluster of its own, with the default limits (50/s, bursts of 100):
 * the shared stack of the tests lifts them. Runs in the cluster run ({@code ./mesh test cluster}).
 */
@Tag("cluster") // only with -Dmesh.topology=cluster (the pom's cluster-tests profile)
class ClusterRateLimitIT {

    private static final Logger LOG = Logger.getLogger(ClusterRateLimitIT.class.getName());
    private static final int WORKERS = 6;
    private static final Duration FLOOD = Duration.ofSeconds(8);

    private static MeshStack stack;

    @BeforeAll
    static void startACluster() {
        String itDatabase =
                StackConfig.fromEnvironment(Path.of("target", "stack")).dbUrl();
        stack = new MeshStack(StackConfig.builder(Path.of("target", "cluster-stack"))
                        .with(
                                "MESH_STACK_DIR",
                                Path.of("target", "cluster-stack")
                                        .toAbsolutePath()
                                        .toString())
                        .with("MESH_TOPOLOGY", "cluster")
                        .with("MESH_STACK_FRESH", "true")
                        .with("MESH_PORT_BASE", "25000")
                        .with("MESH_KAFKA_PORT", "26092")
                        .with(
                                "MESH_DB_URL",
                                itDatabase.substring(0, itDatabase.lastIndexOf('/') + 1) + "mesh_cluster_it")
                        .with("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN)
                        .build())
                .start();
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Tag("G7")
    void anAgentFloodingThroughTheBalancerIsServedAtTheConfiguredRateNotTwiceIt() throws Exception {
        Agent flooder = new MeshClient(stack.config().baseUri()).registerAgent("flooder");
        URI tasks = stack.config().baseUri().resolve("tasks?limit=1");
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        AtomicLong served = new AtomicLong();
        AtomicLong overRate = new AtomicLong();
        AtomicLong other = new AtomicLong();

        long start = System.nanoTime();
        long end = start + FLOOD.toNanos();
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            running.add(workers.submit(() -> {
                while (System.nanoTime() < end) {
                    HttpResponse<String> answer = http.send(
                            HttpRequest.newBuilder(tasks)
                                    .header("Authorization", "Bearer " + flooder.token())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (answer.statusCode() == 200) {
                        served.incrementAndGet();
                    } else if (answer.statusCode() == 429 && answer.body().contains("/rate-limited")) {
                        overRate.incrementAndGet();
                    } else {
                        other.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> worker : running) {
            worker.get();
        }
        workers.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;

        // The bucket in all: 100 at once, 50 a second after that; without the split, each instance would allow so
        // much, twice it in all. Uneven balancing could only serve less; the lower bound shows the flood was over
        // the rate and the balancer spread it (one instance alone would pass about half).
        double allowed = 100 + 50 * seconds;
        String figures = served + " served, " + overRate + " over the rate, " + other + " otherwise refused in "
                + String.format("%.1f", seconds) + " s; the rate allows " + Math.round(allowed);
        // Refused past the rate check (the agent's concurrent requests, the server's admission) used their tokens.
        assertTrue(served.get() <= allowed + 1, figures);
        assertTrue(served.get() + other.get() >= 0.8 * allowed, figures);
        assertTrue(overRate.get() > 0, figures);
        for (MeshServer instance : stack.servers()) {
            assertTrue(
                    MeshMetrics.sum(instance, "agent_mesh_rate_limited_total", "") > 0,
                    () -> "no refusal on " + instance.baseUri() + ": " + figures);
        }
        LOG.info(() -> "Rate limit through the balancer: " + figures);
    }
}

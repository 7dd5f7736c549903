package agentmesh.a2a.relay.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.identity.control.IdentityUnavailableException;
import agentmesh.tracing.Tracing;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the follower counts a following that went wrong, against a remote A2A server played by an in-process HTTP
 * server on the loopback address, with the mesh's side (open tasks, applying answers, failing tasks) held in memory.
 */
class RemoteFollowerTest {

    private static final int MAX_ATTEMPTS = 3;
    private static final RemoteAgents.OpenTask TASK = new RemoteAgents.OpenTask("t-1", "echo", "rt-1", "alice");
    private static final String WORKING = "{\"task\":{\"id\":\"rt-1\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}";

    private final RemoteFollower follower = new RemoteFollower();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger applyings = new AtomicInteger();
    private final List<RemoteAnswer> applied = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private volatile String result = WORKING;
    private volatile boolean streams;
    /** What applying an answer throws at this attempt (counting from 1); null when it is applied. */
    private volatile Refusal refusal = attempt -> null;

    private HttpServer remote;
    private String base;
    private A2aCalls calls;

    private interface Refusal {
        RuntimeException at(int attempt);
    }

    @BeforeEach
    void wire() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/rpc", exchange -> {
            try {
                exchange.getRequestBody().readAllBytes();
                requests.incrementAndGet();
                answer(exchange);
            } finally {
                exchange.close();
            }
        });
        remote.start();
        base = "http://127.0.0.1:" + remote.getAddress().getPort();
        calls = new A2aCalls(
                new RemoteLimits(
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(3),
                        Duration.ofSeconds(3),
                        4096,
                        4096),
                new UrlPolicy(true, true),
                new Tracing());

        RemoteSettings settings = new RemoteSettings();
        settings.maxAttempts = MAX_ATTEMPTS;
        settings.backoffBaseMillis = 1;
        settings.followThreads = 4;
        settings.followsPerAgent = 4;
        follower.settings = settings;
        follower.threadFactory = new ManagedThreadFactory() {
            @Override
            public Thread newThread(Runnable task) {
                Thread thread = new Thread(task, "follower-test");
                thread.setDaemon(true);
                return thread;
            }

            @Override
            public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
                return ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            }
        };
        follower.agents = new RemoteAgents() {
            @Override
            List<OpenTask> openTasks(List<String> agentIds) {
                return failures.isEmpty() && applied.isEmpty() ? List.of(TASK) : List.of();
            }
        };
        follower.answers = new RemoteAnswers() {
            @Override
            void apply(String agentId, String taskId, String counterpart, RemoteAnswer answer) {
                RuntimeException refused = refusal.at(applyings.incrementAndGet());
                if (refused != null) {
                    throw refused;
                }
                applied.add(answer);
            }

            @Override
            void addArtifacts(String agentId, String taskId, String counterpart, List<RemoteAnswer.Made> artifacts) {}

            @Override
            void fail(String agentId, String taskId, String counterpart, String reason) {
                failures.add(reason);
            }
        };
    }

    @AfterEach
    void stop() {
        follower.stop();
        remote.stop(0);
    }

    @Test
    void aStreamedAnswerThatCannotBeReadCountsAsAFailedFollowingAndTheTaskFailsAfterMaxAttempts() {
        streams = true;
        result = "{\"task\":\"not an object\"}";
        followUntil(() -> !failures.isEmpty());
        assertEquals(1, failures.size(), "the task fails, and the stream is not opened again every pause for ever");
        assertTrue(failures.get(0).contains("cannot be read"), failures.get(0));
        assertEquals(MAX_ATTEMPTS, requests.get());
        assertEquals(0, applyings.get());
    }

    @Test
    void anIllegalArgumentFromApplyingAStreamedAnswerIsAFailedFollowingNotACallNotAllowed() {
        streams = true;
        refusal = attempt -> new IllegalArgumentException("the mesh cannot take this answer");
        followUntil(() -> !failures.isEmpty());
        assertEquals(1, failures.size());
        assertFalse(failures.get(0).contains("may not be called"), failures.get(0));
        assertTrue(failures.get(0).contains("could not be followed"), failures.get(0));
        assertEquals(MAX_ATTEMPTS, applyings.get(), "each following counted as one failed attempt");
    }

    @Test
    void aReadAnswerTheMeshCannotTakeNowIsAppliedAgainLaterAndItsTaskIsNotFailed() {
        refusalForNowUntil(2 * MAX_ATTEMPTS);
        followUntil(() -> !applied.isEmpty() || !failures.isEmpty());
        assertEquals(List.of(), failures);
        assertEquals(1, applied.size());
        assertEquals(2 * MAX_ATTEMPTS + 1, applyings.get());
    }

    @Test
    void aStreamedAnswerTheMeshCannotTakeNowIsAppliedAgainLaterAndItsTaskIsNotFailed() {
        streams = true;
        refusalForNowUntil(2 * MAX_ATTEMPTS);
        followUntil(() -> !applied.isEmpty() || !failures.isEmpty());
        assertEquals(List.of(), failures);
        assertEquals(1, applied.size());
        assertEquals(2 * MAX_ATTEMPTS + 1, applyings.get());
    }

    // The identity service is away (503, Retry-After) for this many attempts, then back.
    private void refusalForNowUntil(int attempts) {
        refusal = attempt -> attempt <= attempts ? new IdentityUnavailableException("echo", "alice") : null;
    }

    private void answer(HttpExchange exchange) throws IOException {
        String rpc = "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":" + result + "}";
        if (streams) {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(("data: " + rpc + "\n\n").getBytes(StandardCharsets.UTF_8));
            }
        } else {
            byte[] bytes = rpc.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    // Calls the follower as the relay's turns do, until done or for at most a few seconds (more than one pause).
    private void followUntil(BooleanSupplier done) {
        RemoteAgents.Target target =
                new RemoteAgents.Target("echo", base + "/card", base + "/rpc", "1.0", null, null, streams, 0, 0, 0);
        try {
            await().atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        follower.follow(List.of(target), calls);
                        return done.getAsBoolean();
                    });
        } catch (ConditionTimeoutException e) {
            // the callers assert what happened by then
        }
        sleep(); // a following that is still under way ends
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

package agentmesh.system.abuse;

import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * An agent that attacks for as long as it runs, beside other load (the chaos run): in turns of ten seconds, slow
 * bodies on the API, A2A and MCP, a flood of agent-card requests, and guesses at the admin token from an address of
 * its own — the attacks that need no contact with another agent, so that it sends nothing the other agents' checks
 * count. Its answers are counted by attack and status; no answer at all (a server killed by the faults) is -1.
 */
public final class AbusiveAgent implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(AbusiveAgent.class.getName());
    private static final Duration TURN = Duration.ofSeconds(10);
    private static final int UPLOADS = 12;

    private final URI api;
    private final Agent mallory;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Map<String, Map<Integer, Long>> answers = new ConcurrentHashMap<>();

    /** Registers the attacker with the mesh at {@code api} and starts attacking. */
    public AbusiveAgent(MeshClient mesh, URI api) {
        this.api = api;
        this.mallory = mesh.registerAgent("mallory");
        threads.submit(this::attack);
    }

    /** The attacker's answers so far, by attack and status. */
    public Map<String, Map<Integer, Long>> answers() {
        Map<String, Map<Integer, Long>> copy = new TreeMap<>();
        answers.forEach((attack, statuses) -> copy.put(attack, new TreeMap<>(statuses)));
        return copy;
    }

    @Override
    public void close() {
        running.set(false);
        threads.shutdownNow();
        LOG.info(() -> "The abusive agent's answers: " + answers());
    }

    private void attack() {
        while (running.get()) {
            slowBodies();
            forATurn(
                    "card flood",
                    100,
                    () -> send(HttpRequest.newBuilder(
                                    api.resolve("../../a2a/" + mallory.id() + "/.well-known/agent-card.json"))
                            .timeout(Duration.ofSeconds(10))
                            .build()));
            forATurn("admin-token guesses", 50, () -> {
                try {
                    return RawHttp.get(
                            api.resolve("admin/agents"),
                            InetAddress.getByName("127.0.0.3"),
                            "guess-" + UUID.randomUUID());
                } catch (Exception e) {
                    return -1;
                }
            });
        }
    }

    private void slowBodies() {
        URI[] targets = {api.resolve("messages"), api.resolve("../../a2a/" + mallory.id()), api.resolve("../../mcp")};
        List<Future<?>> uploads = new ArrayList<>();
        for (int i = 0; i < UPLOADS && running.get(); i++) {
            URI target = targets[i % targets.length];
            uploads.add(threads.submit(() -> count("slow bodies", () -> {
                try {
                    return RawHttp.drippingPost(
                            target, mallory.token(), 1_000_000, Duration.ofSeconds(2), Duration.ofSeconds(40));
                } catch (Exception e) {
                    return -1;
                }
            })));
        }
        for (Future<?> upload : uploads) {
            try {
                upload.get();
            } catch (Exception e) {
                return; // stopped
            }
        }
    }

    private void forATurn(String attack, int perSecond, Supplier<Integer> request) {
        Pace pace = new Pace(perSecond);
        long end = System.nanoTime() + TURN.toNanos();
        while (running.get() && pace.next() < end) {
            count(attack, request);
        }
    }

    private void count(String attack, Supplier<Integer> request) {
        answers.computeIfAbsent(attack, a -> new ConcurrentHashMap<>()).merge(request.get(), 1L, Long::sum);
    }

    private int send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } catch (Exception e) {
            return -1;
        }
    }
}

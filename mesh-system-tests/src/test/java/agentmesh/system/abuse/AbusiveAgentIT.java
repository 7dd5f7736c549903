package agentmesh.system.abuse;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.Inbox;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import agentmesh.system.MeshStackExtension;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One agent attacks while twenty others exchange messages at a steady rate. For every attack the others' sends are
 * all answered 201, their send → seen p99 stays within twice the same run's baseline (and may rise a second above it:
 * {@link #harmBound}), the server's heap in use after every collection stays below 75 % of its maximum
 * ({@link HeapWatch}), and the attacker gets the documented
 * refusals (4xx, or 503 with Retry-After), never a 5xx. The figures of each attack are logged.
 *
 * <p>The attacks are those that cost the server far more than the attacker: slow bodies, the largest reads, guesses,
 * waits and streams held open, and remote agents (servers the test runs, {@link RemoteAgentServer}) that drip, answer
 * 100 MB or never end their streams while a well-behaved remote agent is relayed to.
 * A plain flood is not among them: on this machine the attacker's own client shares the two cores, and at full
 * speed (1,800 requests/s) it took about a core itself, so what it showed was the cores shared, not the server's
 * fairness. So the attacker's loops are paced at {@value #ATTACK_RATE} requests/s in all — four times an agent's
 * default rate limit (the test server's is raised, so that the other tests can send fast: this suite tests what
 * holds beyond the rate limit).
 */
@Tag("G7")
@ExtendWith(MeshStackExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AbusiveAgentIT {

    private static final int LAST = Integer.MAX_VALUE;

    private static final Logger LOG = Logger.getLogger(AbusiveAgentIT.class.getName());
    private static final int PAIRS = 10;
    private static final Duration PERIOD = Duration.ofMillis(250);
    private static final Duration ATTACK = Duration.ofSeconds(10);
    private static final double MAX_HEAP_SHARE = 0.75;
    /** The mesh's per-agent shares of requests at once: the API's and A2A's, and MCP's (the defaults). */
    private static final int AGENT_SHARE = 8;

    private static final int MCP_SHARE = 4;
    /** An agent's places for A2A streams and blocking sends, and for inbox long polls (the defaults). */
    private static final int WAITS = 8;

    private static final int INBOX_WAITS = 8;
    private static final String REFUSED = "refused TOO_MANY_WAITS with Retry-After";
    private static final String WAITING = "blocking send waiting";
    /** A message for a remote agent waits for no other remote's calls: it is relayed within this. */
    private static final Duration WELL_REMOTE_BOUND = Duration.ofSeconds(5);

    private static final int ATTACK_RATE = 200;

    private MeshClient mesh;
    private URI api;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private SteadyTraffic traffic;
    private SteadyTraffic.Window baseline;

    @BeforeAll
    void othersExchangeMessages() {
        mesh = MeshClient.forStack();
        api = MeshStackExtension.stack().config().baseUri();
        List<Agent[]> pairs = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            Agent[] pair = {mesh.registerAgent("steady"), mesh.registerAgent("steady")};
            mesh.allow(pair[0], pair[1]);
            pairs.add(pair);
        }
        traffic = new SteadyTraffic(mesh, pairs, PERIOD);
        traffic.begin(); // warming up: connections, the JIT on this path
        letRun(Duration.ofSeconds(10));
        traffic.end(Duration.ofSeconds(10));
        // The baseline: the largest p99 of three quiet windows as long as an attack's (on two shared cores, quiet
        // windows alone differ by half, and by more when a collection or a flush falls in one).
        baseline = Stream.generate(this::quietWindow)
                .limit(3)
                .max(Comparator.comparingLong(SteadyTraffic.Window::p99Millis))
                .orElseThrow();
        LOG.info(() -> "Baseline: " + baseline);
        assertTrue(baseline.allSendsAccepted() && baseline.unseen() == 0, baseline::toString);
    }

    private SteadyTraffic.Window quietWindow() {
        traffic.begin();
        letRun(ATTACK);
        SteadyTraffic.Window quiet = traffic.end(Duration.ofSeconds(10));
        LOG.info(() -> "A quiet window: " + quiet);
        return quiet;
    }

    @AfterAll
    void stop() {
        traffic.close();
    }

    @Test
    void fortySlowBodiesOnTheApiA2aAndMcpHoldOnlyTheAttackersShare() throws Exception {
        Agent mallory = mesh.registerAgent("mallory");
        Agent peer = mesh.registerAgent("peer");
        mesh.allow(mallory, peer);
        List<URI> targets =
                List.of(api.resolve("messages"), api.resolve("../../a2a/" + peer.id()), api.resolve("../../mcp"));
        List<Callable<Integer>> uploads = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            URI target = targets.get(i % targets.size());
            uploads.add(() -> RawHttp.drippingPost(
                    target, mallory.token(), 1_000_000, Duration.ofSeconds(2), Duration.ofSeconds(40)));
        }

        Map<Integer, Long> attacker = new TreeMap<>();
        SteadyTraffic.Window others = underAttack(
                "40 slow bodies",
                () -> {
                    for (Future<Integer> answer : runAll(uploads)) {
                        attacker.merge(answer.get(), 1L, Long::sum);
                    }
                },
                attacker);

        // WildFly's listener closes a connection whose read times out itself, without an answer.
        assertTrue(
                attacker.keySet().stream()
                        .allMatch(status -> status == 429
                                || status == 408
                                || (status == RawHttp.CLOSED && MeshStackExtension.onWildFly())),
                () -> "the attacker's answers by status: " + attacker);
        assertTrue(
                attacker.getOrDefault(429, 0L) >= 40 - AGENT_SHARE - MCP_SHARE,
                () -> "over its shares, the" + " attacker was not refused at once: " + attacker);
        assertOthersUnharmed(others);
    }

    @Test
    @Order(LAST) // its set-up's garbage and deliveries are not for the other attacks' windows
    void theLargestListAndHistoryReadsStayWithinTheHeap() throws Exception {
        Agent mallory = mesh.registerAgent("mallory");
        Agent peer = mesh.registerAgent("peer");
        mesh.allow(mallory, peer);
        String large = "x".repeat(900 * 1024);
        List<String> taskIds = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String taskId = mesh.send(mallory, MeshClient.textMessage(null, peer, null, large))
                    .getString("taskId");
            mesh.send(peer, MeshClient.textMessage(null, mallory, taskId, large));
            taskIds.add(taskId);
        }
        // The 21 MB of the set-up delivered before the attack: its cost is not the reads'.
        Inbox.awaitAtLeast(mesh, peer, 12, Duration.ofSeconds(120));
        Inbox.awaitAtLeast(mesh, mallory, 12, Duration.ofSeconds(120));
        String listTasks = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ListTasks\",\"params\":"
                + "{\"pageSize\":100,\"historyLength\":1000}}";
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        AtomicLong largestListing = new AtomicLong();
        AtomicLong listedPerPage = new AtomicLong(Long.MAX_VALUE);
        AtomicLong parsed = new AtomicLong();
        List<Callable<Integer>> readers = new ArrayList<>();
        Pace pace = new Pace(ATTACK_RATE);
        for (int reader = 0; reader < 16; reader++) {
            int n = reader;
            readers.add(() -> {
                long end = System.nanoTime() + ATTACK.toNanos();
                for (int i = n; pace.next() < end; i++) {
                    if (i % 2 == 1) {
                        attacker.merge(
                                http.send(
                                                request(
                                                                api.resolve("tasks/" + taskIds.get(i % taskIds.size())
                                                                        + "?historyLength=1000"),
                                                                mallory.token())
                                                        .GET()
                                                        .build(),
                                                HttpResponse.BodyHandlers.discarding())
                                        .statusCode(),
                                1L,
                                Long::sum);
                        continue;
                    }
                    HttpResponse<String> answer = http.send(
                            request(api.resolve("../../a2a/" + peer.id()), mallory.token())
                                    .header("A2A-Version", "1.0")
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(listTasks))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    attacker.merge(answer.statusCode(), 1L, Long::sum);
                    // The attacker's own client shares the cores: only a few listings are parsed to be looked at.
                    if (answer.statusCode() == 200 && parsed.getAndIncrement() < 3) {
                        largestListing.accumulateAndGet(answer.body().length(), Math::max);
                        JsonObject result = Json.createReader(new StringReader(answer.body()))
                                .readObject()
                                .getJsonObject("result");
                        listedPerPage.accumulateAndGet(
                                result.getJsonArray("tasks").size(), Math::min);
                    }
                }
                return 0;
            });
        }

        SteadyTraffic.Window others = underAttack(
                "largest list and history reads",
                () -> {
                    for (Future<Integer> done : runAll(readers)) {
                        done.get();
                    }
                },
                attacker);
        LOG.info(() -> "largest ListTasks answer " + largestListing.get() + " characters, fewest tasks on a page "
                + listedPerPage.get());

        assertTrue(
                attacker.keySet().stream().allMatch(status -> status == 200 || status == 429),
                () -> "the attacker's answers by status: " + attacker);
        assertTrue(attacker.getOrDefault(200, 0L) > 0, () -> "no read was answered: " + attacker);
        assertTrue(largestListing.get() < 8 * 1024 * 1024, "a listing of " + largestListing.get() + " characters");
        assertTrue(listedPerPage.get() < taskIds.size(), "a listing carried every task's 1.8 MB history on one page");
        assertOthersUnharmed(others);
    }

    @Test
    void aFloodOfCardRequestsIsCutToTheAddresssRate() throws Exception {
        Agent carded = mesh.registerAgent("carded");
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        Pace pace = new Pace(ATTACK_RATE);
        List<Callable<Integer>> flooders = new ArrayList<>();
        for (int thread = 0; thread < 8; thread++) {
            int n = thread;
            flooders.add(() -> {
                long end = System.nanoTime() + ATTACK.toNanos();
                for (int i = n; pace.next() < end; i++) {
                    // Every other card is of an agent that does not exist: a 404 must cost no more than a card.
                    String agent = i % 2 == 0 ? carded.id() : "nobody-" + i + "@it";
                    attacker.merge(
                            http.send(
                                            HttpRequest.newBuilder(api.resolve(
                                                            "../../a2a/" + agent + "/.well-known/agent-card.json"))
                                                    .timeout(Duration.ofSeconds(10))
                                                    .build(),
                                            HttpResponse.BodyHandlers.discarding())
                                    .statusCode(),
                            1L,
                            Long::sum);
                }
                return 0;
            });
        }

        SteadyTraffic.Window others = underAttack(
                "a flood of agent-card requests",
                () -> {
                    for (Future<Integer> done : runAll(flooders)) {
                        done.get();
                    }
                },
                attacker);

        assertEquals(Set.of(200, 404, 429), attacker.keySet(), () -> "the attacker's answers: " + attacker);
        assertTrue(
                attacker.get(200) + attacker.get(404) <= 40 + 20 * (ATTACK.toSeconds() + 1),
                () -> "more than the address's rate answered: " + attacker);
        assertOthersUnharmed(others);
    }

    @Test
    void streamsThatAreNeverReadHoldUpOnlyTheirOwnAgent() throws Exception {
        Agent mallory = mesh.registerAgent("mallory");
        Agent peer = mesh.registerAgent("peer");
        mesh.allow(mallory, peer);
        String large = "z".repeat(900 * 1024);
        for (int i = 0; i < 12; i++) {
            mesh.send(peer, MeshClient.textMessage(null, mallory, null, large));
        }
        // 11 MB waiting in the inbox of the agent that will read none of it, delivered before the attack.
        Inbox.awaitAtLeast(mesh, mallory, 12, Duration.ofSeconds(120));
        List<Socket> streams = new ArrayList<>();
        Map<Integer, Long> attacker = new TreeMap<>();

        try {
            SteadyTraffic.Window others = underAttack(
                    "8 event streams never read",
                    () -> {
                        for (int i = 0; i < AGENT_SHARE; i++) {
                            streams.add(RawHttp.unreadStream(api.resolve("inbox/stream?after=0"), mallory.token()));
                        }
                    },
                    attacker);

            assertOthersUnharmed(others);
        } finally {
            for (Socket stream : streams) {
                stream.close();
            }
        }
    }

    @Test
    void aFloodOfMcpSessionsKeepsOnlyTheAgentsLastEight() throws Exception {
        Agent mallory = mesh.registerAgent("mallory");
        URI mcp = api.resolve("../../mcp");
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"flood\",\"version\":\"1\"}}}";
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        List<String> opened = new CopyOnWriteArrayList<>();
        Pace pace = new Pace(50); // the default rate limit of an agent
        List<Callable<Integer>> flooders = new ArrayList<>();
        for (int thread = 0; thread < 4; thread++) {
            flooders.add(() -> {
                long end = System.nanoTime() + ATTACK.toNanos();
                while (pace.next() < end) {
                    HttpResponse<Void> answer = http.send(
                            request(mcp, mallory.token())
                                    .header("Content-Type", "application/json")
                                    .header("Accept", "application/json, text/event-stream")
                                    .POST(HttpRequest.BodyPublishers.ofString(initialize))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding());
                    attacker.merge(answer.statusCode(), 1L, Long::sum);
                    answer.headers().firstValue("Mcp-Session-Id").ifPresent(opened::add);
                }
                return 0;
            });
        }

        SteadyTraffic.Window others = underAttack(
                "a flood of MCP sessions",
                () -> {
                    for (Future<Integer> done : runAll(flooders)) {
                        done.get();
                    }
                },
                attacker);

        assertEquals(Set.of(200), attacker.keySet(), () -> "the attacker's answers: " + attacker);
        assertTrue(opened.size() > 100, "only " + opened.size() + " sessions opened");
        assertEquals(404, ping(mcp, mallory, opened.get(0)), "the first session was closed by the cap");
        assertNotEquals(404, ping(mcp, mallory, opened.get(opened.size() - 1)), "the last session is open");
        assertOthersUnharmed(others);
    }

    // A ping in an MCP session: 404 once the session is closed (the specification's answer), another status while open.
    private int ping(URI mcp, Agent agent, String sessionId) throws Exception {
        return http.send(
                        request(mcp, agent.token())
                                .header("Content-Type", "application/json")
                                .header("Accept", "application/json, text/event-stream")
                                .header("Mcp-Session-Id", sessionId)
                                .header("MCP-Protocol-Version", "2025-06-18")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Test
    void guessingTheAdminTokenIsCutOffAndLocksOutOnlyTheGuessersAddress() throws Exception {
        InetAddress guesser = InetAddress.getByName("127.0.0.3");
        URI admin = api.resolve("admin/agents");
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        int[] rightTokenFromGuesser = new int[1];

        long[] guessingSeconds = new long[1];

        SteadyTraffic.Window others = underAttack(
                "admin-token guessing",
                () -> {
                    long start = System.nanoTime();
                    for (int i = 0; i < 400; i++) {
                        attacker.merge(RawHttp.get(admin, guesser, "guess-" + UUID.randomUUID()), 1L, Long::sum);
                    }
                    rightTokenFromGuesser[0] = RawHttp.get(admin, guesser, MeshStackExtension.ADMIN_TOKEN);
                    guessingSeconds[0] =
                            Duration.ofNanos(System.nanoTime() - start).toSeconds() + 1;
                },
                attacker);

        assertEquals(Set.of(401, 429), attacker.keySet(), () -> "the guesses' answers: " + attacker);
        // The defaults: a burst of 100 guesses, then 5 a second (mesh.auth.guess-burst, failures-per-second).
        assertTrue(
                attacker.get(401) <= 100 + 5 * guessingSeconds[0],
                () -> "too many guesses looked at: " + attacker + " in " + guessingSeconds[0] + " s");
        assertEquals(429, rightTokenFromGuesser[0], "while locked out, no admin token is even compared");
        assertEquals(
                200,
                mesh.get("admin/agents", MeshStackExtension.ADMIN_TOKEN).status(),
                "the admin from another address is not locked out");
        assertOthersUnharmed(others);
    }

    @Test
    void manyStreamsAndWaitsHoldOnlyTheAgentsOwnPlaces() throws Exception {
        Agent mallory = mesh.registerAgent("mallory");
        Agent peer = mesh.registerAgent("peer");
        mesh.allow(mallory, peer);
        String taskId = mesh.send(mallory, MeshClient.textMessage(null, peer, null, "a task left open"))
                .getString("taskId");
        URI a2a = api.resolve("../../a2a/" + peer.id());
        List<CompletableFuture<HttpResponse<InputStream>>> waits = new ArrayList<>();
        List<CompletableFuture<?>> longPolls = new ArrayList<>();
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        Map<Integer, Long> polled = new ConcurrentHashMap<>();
        Map<String, Long> outcomes = new TreeMap<>();

        try {
            SteadyTraffic.Window others = underAttack(
                    "48 streams and waits",
                    () -> {
                        // Paced, as a client that waits out its 429s: the door reserves a page of answer bytes for each
                        // A2A
                        // call while it is handled, so an agent's calls begun all at once are refused for their bytes.
                        Pace pace = new Pace(20);
                        for (int i = 0; i < 16; i++) {
                            pace.next();
                            waits.add(waitOrRefusal(
                                    a2aCall(a2a, mallory, "SubscribeToTask", "{\"id\":\"" + taskId + "\"}"), attacker));
                            pace.next();
                            waits.add(waitOrRefusal(
                                    a2aCall(
                                            a2a,
                                            mallory,
                                            "SendMessage",
                                            "{\"message\":{\"messageId\":" + "\"wait-" + i
                                                    + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"wait\"}]}}"),
                                    attacker));
                            longPolls.add(mesh.getAsync("inbox?wait=30", mallory.token())
                                    .thenAccept(answer -> {
                                        attacker.merge(answer.status(), 1L, Long::sum);
                                        polled.merge(answer.status(), 1L, Long::sum);
                                    }));
                        }
                        // Those refused are answered at once; the streams begin at once; the blocking sends wait.
                        await().atMost(Duration.ofSeconds(10))
                                .until(() -> waits.stream()
                                                        .filter(CompletableFuture::isDone)
                                                        .count()
                                                >= waits.size() - WAITS
                                        && longPolls.stream()
                                                        .filter(CompletableFuture::isDone)
                                                        .count()
                                                >= longPolls.size() - INBOX_WAITS);
                    },
                    attacker);

            for (CompletableFuture<HttpResponse<InputStream>> wait : waits) {
                if (wait.isDone()) {
                    HttpResponse<InputStream> answer = wait.join();
                    outcomes.merge(outcome(answer), 1L, Long::sum);
                } else {
                    outcomes.merge(WAITING, 1L, Long::sum);
                }
            }
            LOG.info(() -> "48 streams and waits: " + outcomes);
            assertTrue(Set.of(REFUSED, "stream", WAITING).containsAll(outcomes.keySet()), outcomes::toString);
            assertEquals(
                    WAITS,
                    outcomes.getOrDefault("stream", 0L) + outcomes.getOrDefault(WAITING, 0L),
                    () -> "the agent's places for waits: " + outcomes);
            assertEquals(waits.size() - WAITS, outcomes.get(REFUSED), outcomes::toString);
            assertTrue(
                    polled.getOrDefault(200, 0L) >= longPolls.size() - INBOX_WAITS,
                    () -> "the oldest long" + " polls past the agent's cap were not answered at once: " + polled);
            assertTrue(
                    attacker.keySet().stream().allMatch(status -> status == 200 || status == 429),
                    () -> "the attacker's answers: " + attacker);
            assertOthersUnharmed(others);
        } finally {
            waits.forEach(wait -> wait.thenAccept(answer -> close(answer.body())));
        }
    }

    // The call's stream or answer; a refusal at the door (429, a problem) is waited out and the call made again.
    private CompletableFuture<HttpResponse<InputStream>> waitOrRefusal(HttpRequest call, Map<Integer, Long> answers) {
        return http.sendAsync(call, HttpResponse.BodyHandlers.ofInputStream()).thenCompose(answer -> {
            answers.merge(answer.statusCode(), 1L, Long::sum);
            if (answer.statusCode() != 429
                    || !answer.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")) {
                return CompletableFuture.completedFuture(answer);
            }
            close(answer.body());
            long retryAfter = answer.headers().firstValueAsLong("Retry-After").orElse(1);
            return CompletableFuture.supplyAsync(
                            () -> call, CompletableFuture.delayedExecutor(retryAfter, TimeUnit.SECONDS))
                    .thenCompose(again -> waitOrRefusal(again, answers));
        });
    }

    private HttpRequest a2aCall(URI a2a, Agent caller, String method, String params) {
        return request(a2a, caller.token())
                .header("A2A-Version", "1.0")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}"))
                .build();
    }

    // A stream, or a refusal of the JSON-RPC call for the agent's waits (read whole: it is short).
    private static String outcome(HttpResponse<InputStream> answer) throws IOException {
        if (answer.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            return "stream";
        }
        String body;
        try (InputStream in = answer.body()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return body.contains("TOO_MANY_WAITS")
                        && answer.headers().firstValue("Retry-After").isPresent()
                ? REFUSED
                : answer.statusCode() + " " + body;
    }

    private static void close(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // the stream is gone either way
        }
    }

    @Test
    void remoteAgentsThatDripAnswer100MbOrNeverEndTheirStreamHoldUpOnlyThemselves() throws Exception {
        Agent sender = mesh.registerAgent("sender");
        Map<Integer, Long> attacker = new ConcurrentHashMap<>();
        try (RemoteAgentServer well = new RemoteAgentServer(RemoteAgentServer.Behaviour.WELL);
                RemoteAgentServer drips = new RemoteAgentServer(RemoteAgentServer.Behaviour.DRIPS);
                RemoteAgentServer huge = new RemoteAgentServer(RemoteAgentServer.Behaviour.ANSWERS_100_MB);
                RemoteAgentServer endless = new RemoteAgentServer(RemoteAgentServer.Behaviour.NEVER_ENDS_ITS_STREAM)) {
            Map<RemoteAgentServer, Agent> remotes = new LinkedHashMap<>();
            try {
                for (RemoteAgentServer remote : List.of(well, drips, huge, endless)) {
                    Agent agent = mesh.registerAgent("remote");
                    mesh.allow(sender, agent);
                    assertEquals(
                            200,
                            mesh.put(
                                            "admin/agents/" + agent.id() + "/remote",
                                            MeshStackExtension.ADMIN_TOKEN,
                                            "{\"cardUrl\":\"" + remote.cardUrl() + "\"}")
                                    .status());
                    remotes.put(remote, agent);
                }
                Map<String, Long> sentNanos = new ConcurrentHashMap<>();
                int[] open = new int[2];

                SteadyTraffic.Window others = underAttack(
                        "remote agents that drip, answer 100 MB, never end",
                        () -> {
                            for (RemoteAgentServer hostile : List.of(drips, huge, endless)) {
                                for (int i = 0; i < 3; i++) {
                                    mesh.send(
                                            sender,
                                            MeshClient.textMessage(null, remotes.get(hostile), null, "hostile " + i));
                                }
                            }
                            Pace pace = new Pace(1);
                            long end =
                                    System.nanoTime() + ATTACK.minusSeconds(2).toNanos();
                            for (int i = 0; pace.next() < end; i++) {
                                sentNanos.put("well " + i, System.nanoTime());
                                mesh.send(sender, MeshClient.textMessage(null, remotes.get(well), null, "well " + i));
                            }
                            open[0] = drips.open();
                            open[1] = endless.open();
                        },
                        attacker);

                await().atMost(Duration.ofSeconds(30))
                        .until(() -> well.arrivedNanos().keySet().containsAll(sentNanos.keySet()));
                long slowest = sentNanos.entrySet().stream()
                        .mapToLong(sent -> well.arrivedNanos().get(sent.getKey()) - sent.getValue())
                        .max()
                        .orElseThrow();
                LOG.info(() -> "the well-behaved remote agent got " + sentNanos.size() + " messages, the slowest after "
                        + Duration.ofNanos(slowest).toMillis() + " ms; calls held by the dripping one " + open[0]
                        + ", streams held by the endless one " + open[1]);
                assertTrue(open[0] >= 1, "the dripping remote was being called");
                assertTrue(open[1] >= 1, "the endless stream was being followed");
                assertTrue(
                        Duration.ofNanos(slowest).compareTo(WELL_REMOTE_BOUND) <= 0,
                        "the well-behaved remote" + " agent waited "
                                + Duration.ofNanos(slowest).toMillis() + " ms for a message");
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> mesh.get(
                                        "admin/agents/" + remotes.get(huge).id() + "/remote/dead-letters",
                                        MeshStackExtension.ADMIN_TOKEN)
                                .body()
                                .contains("larger than"));
                assertOthersUnharmed(others);
            } finally {
                remotes.values()
                        .forEach(agent ->
                                mesh.delete("admin/agents/" + agent.id() + "/remote", MeshStackExtension.ADMIN_TOKEN));
            }
        }
    }

    // ---- the harness ----

    /** Something the attacker does, which may fail. */
    @FunctionalInterface
    private interface Attack {
        void run() throws Exception;
    }

    private SteadyTraffic.Window underAttack(String name, Attack attack, Map<Integer, Long> attackerAnswers)
            throws Exception {
        HeapWatch heap = new HeapWatch(MeshStackExtension.stack().server());
        traffic.begin();
        long end = System.nanoTime() + ATTACK.toNanos();
        attack.run();
        letRun(Duration.ofNanos(Math.max(0, end - System.nanoTime()))); // every window as long as the baseline's
        SteadyTraffic.Window others = traffic.end(Duration.ofSeconds(20));
        double heapShare = heap.highestShare();
        LOG.info(() -> String.format(
                "%s: the others %s; the attacker's answers %s; heap after collections at most"
                        + " %.0f %% of its maximum (baseline p99 %d ms)",
                name, others, new TreeMap<>(attackerAnswers), heapShare * 100, baseline.p99Millis()));
        assertTrue(heapShare < MAX_HEAP_SHARE, String.format("%s: heap at %.0f %%", name, heapShare * 100));
        return others;
    }

    private void assertOthersUnharmed(SteadyTraffic.Window others) {
        assertTrue(others.allSendsAccepted(), () -> "the others' sends: " + others);
        assertEquals(0, others.unseen(), others::toString);
        assertTrue(
                others.p99Millis() <= harmBound(),
                () -> "the others' p99 " + others.p99Millis() + " ms against a baseline of " + baseline.p99Millis()
                        + " ms (bound " + harmBound() + " ms): " + others);
    }

    /**
     * Twice the baseline's p99, but at least a second above it: on two shared cores one collection or flush can stall
     * a whole window for about a second (seen once in a full run: 1.1 s at a baseline of 213 ms, with no attack
     * harming), while what an attack takes from the others lasts as long as the attack.
     */
    private long harmBound() {
        return Math.max(2 * baseline.p99Millis(), baseline.p99Millis() + 1000);
    }

    private static <T> List<Future<T>> runAll(List<Callable<T>> tasks) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            return pool.invokeAll(tasks);
        } finally {
            pool.shutdown();
        }
    }

    private static HttpRequest.Builder request(URI uri, String token) {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).header("Authorization", "Bearer " + token);
    }

    // The traffic runs on its own threads; the baseline is what it sees in a window as long as an attack's.
    private static void letRun(Duration window) {
        long end = System.nanoTime() + window.toNanos();
        await().atMost(window.plusSeconds(1))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> System.nanoTime() >= end);
    }
}

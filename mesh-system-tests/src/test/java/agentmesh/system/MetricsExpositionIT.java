package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mesh's metrics as Prometheus reads them, on whichever server the stack runs: Prometheus's own checker accepts
 * them without a complaint (the text checked is kept in target/mesh-metrics.txt), the list in docs/API.md is what is
 * served, the latency histogram counts deliveries, and the consumer group's rebalances are counted.
 */
@ExtendWith(MeshStackExtension.class)
class MetricsExpositionIT {

    private static final String LATENCY = "agent_mesh_message_e2e_latency_seconds";
    private static final Path DOCUMENTED = Path.of("..", "docs", "API.md");
    private static final Pattern TYPE_LINE = Pattern.compile("^# TYPE (\\S+) (\\S+)$", Pattern.MULTILINE);
    private static final Pattern DOCUMENTED_ROW =
            Pattern.compile("^\\| `(agent_mesh_\\w+)` \\| (\\w+) \\|", Pattern.MULTILINE);

    private final MeshClient mesh = MeshClient.forStack();
    private final MeshClient metrics =
            new MeshClient(MeshMetrics.address(MeshStackExtension.stack().server()));

    @Test
    void promtoolChecksTheMetricsWithoutAComplaint() throws IOException {
        deliverOneMessage(); // every kind of family with samples in it
        ApiResponse scraped = metrics.get("metrics", null);
        assertEquals(200, scraped.status(), scraped::toString);
        assertTrue(scraped.contentType().startsWith("text/plain; version=0.0.4"), scraped::contentType);

        Files.writeString(Path.of("target", "mesh-metrics.txt"), scraped.body(), StandardCharsets.UTF_8);
        Promtool.Outcome check = Promtool.run(Path.of("."), scraped.body(), "check", "metrics");

        assertEquals(0, check.exitCode(), check.output() + "\n" + scraped.body());
        assertEquals("", check.output().strip(), check.output() + "\n" + scraped.body());
    }

    @Test
    void theMetricListInTheDocsIsWhatIsServed() throws IOException {
        SortedSet<String> served =
                matches(TYPE_LINE, MeshMetrics.scrape(MeshStackExtension.stack().server()));
        SortedSet<String> documented = matches(DOCUMENTED_ROW, Files.readString(DOCUMENTED, StandardCharsets.UTF_8));

        assertEquals(documented, served, "the metrics table in docs/API.md: name and type of every family served");
    }

    @Test
    void aDeliveryIsCountedInEveryBucketAboveItsLatencyAndInTheHistogramsCount() {
        double before = MeshMetrics.sum(LATENCY + "_count");
        double infBefore = MeshMetrics.sum(LATENCY + "_bucket", "le=\"+Inf\"");

        deliverOneMessage();

        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.sum(LATENCY + "_count") >= before + 1);
        String scraped = MeshMetrics.scrape(MeshStackExtension.stack().server());
        double count = MeshMetrics.sum(scraped, LATENCY + "_count", "");
        assertEquals(count, MeshMetrics.sum(scraped, LATENCY + "_bucket", "le=\"+Inf\""), scraped);
        assertTrue(MeshMetrics.sum(scraped, LATENCY + "_bucket", "le=\"+Inf\"") >= infBefore + 1, scraped);
        double below = 0;
        for (String line :
                scraped.lines().filter(l -> l.startsWith(LATENCY + "_bucket{")).toList()) {
            double cumulative = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            assertTrue(cumulative >= below, "buckets are cumulative: " + line + "\n" + scraped);
            below = cumulative;
        }
    }

    @Test
    void theConsumersJoiningTheGroupCountsAsARebalance() {
        // Payara's consumer loops and WildFly's Reactive Messaging consumer each tell the count of their assignments.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> MeshMetrics.sum("agent_mesh_consumer_rebalances_total") >= 1);
    }

    @Test
    void theMetricsAreOnlyRead() {
        ApiResponse posted = metrics.post("metrics", null, "{}");

        assertEquals(405, posted.status(), posted::toString);
        assertTrue(posted.isProblem(), posted::toString);
    }

    private void deliverOneMessage() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String messageId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "count me"))
                .getString("messageId");
        Delivery.awaitExactly(Map.of(bob.id(), List.of(messageId)), Duration.ofSeconds(30));
    }

    private static SortedSet<String> matches(Pattern pattern, String text) {
        SortedSet<String> found = new TreeSet<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1) + " " + matcher.group(2));
        }
        return found;
    }
}

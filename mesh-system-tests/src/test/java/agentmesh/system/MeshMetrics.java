package agentmesh.system;

import agentmesh.stack.LoadBalancer;
import agentmesh.stack.MeshServer;
import agentmesh.stack.MeshStack;
import java.net.URI;
import java.util.List;
import java.util.stream.Stream;

/** Reads the mesh's metrics (Prometheus text at /mesh/metrics), the same on every server. */
public final class MeshMetrics {

    private MeshMetrics() {}

    /** The sum of the samples of a metric whose labels contain {@code labelFilter} (empty: all of them). */
    static double sum(MeshServer server, String metric, String labelFilter) {
        return sum(scrape(server), metric, labelFilter);
    }

    /** The mesh's metrics on the server. */
    public static String scrape(MeshServer server) {
        return scrape(new MeshClient(address(server)));
    }

    /** The mesh's metrics, through {@code mesh}, a client of the address {@link #address} gives. */
    public static String scrape(MeshClient mesh) {
        return mesh.get("metrics", null).body();
    }

    /** The mesh's address on the server, {@code http://127.0.0.1:PORT/mesh/}, where it serves {@code metrics}. */
    public static URI address(MeshServer server) {
        return server.baseUri().resolve("../../");
    }

    /** As {@link #sum(MeshServer, String, String)}, over metrics already scraped. */
    public static double sum(String prometheusText, String metric, String labelFilter) {
        return samples(prometheusText, metric)
                .filter(line -> line.contains(labelFilter))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    /** Whether the metric is exported. */
    public static boolean exported(String prometheusText, String metric) {
        return samples(prometheusText, metric).findAny().isPresent();
    }

    private static Stream<String> samples(String prometheusText, String metric) {
        return prometheusText.lines().filter(line -> line.startsWith(metric + "{") || line.startsWith(metric + " "));
    }

    /**
     * Polls (and stream catch-ups) that have reached the inbox on the server: each reads a page or is spared the read
     * when the server knows nothing is past its cursor. A test waits for it to tell that its poll is in.
     */
    static double inboxLooks(MeshServer server) {
        String metrics = scrape(server);
        return sum(metrics, "agent_mesh_inbox_reads_total", "")
                + sum(metrics, "agent_mesh_inbox_reads_spared_total", "");
    }

    /** {@link #inboxLooks(MeshServer)} on the system tests' stack, over every instance behind its balancer. */
    static double inboxLooks() {
        return instances().mapToDouble(MeshMetrics::inboxLooks).sum();
    }

    static double sum(String metric) {
        return sum(metric, "");
    }

    /**
     * On the system tests' stack, the samples of the metric whose labels contain {@code labelFilter}: of its server,
     * or of every instance behind its balancer (MESH_TOPOLOGY=cluster), where a request may have gone to either.
     */
    static double sum(String metric, String labelFilter) {
        return instances()
                .mapToDouble(server -> sum(server, metric, labelFilter))
                .sum();
    }

    private static Stream<MeshServer> instances() {
        MeshStack stack = MeshStackExtension.stack();
        return stack.balancer().map(LoadBalancer::instances).orElse(List.of(stack.server())).stream();
    }
}

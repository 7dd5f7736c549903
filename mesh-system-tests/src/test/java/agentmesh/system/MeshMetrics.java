package agentmesh.system;

import agentmesh.stack.MeshServer;

import java.util.stream.Stream;

/**
 * Reads a server's application metrics (Prometheus text at /metrics, where the server serves them). The names are
 * the same on every server; on WildFly (Micrometer) a metric without labels has no braces.
 */
public final class MeshMetrics {

    private MeshMetrics() {
    }

    /** The sum of the samples of a metric whose labels contain {@code labelFilter} (empty: all of them). */
    static double sum(MeshServer server, String metric, String labelFilter) {
        return sum(scrape(server), metric, labelFilter);
    }

    /** The application metrics of the server. */
    public static String scrape(MeshServer server) {
        return scrape(new MeshClient(server.managementUri()));
    }

    /** The application metrics at {@code management}, a client of the address where the server serves them. */
    public static String scrape(MeshClient management) {
        return management.get("metrics?scope=application", null).body();
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

    static double sum(String metric) {
        return sum(metric, "");
    }

    /** On the system tests' stack, the samples of the metric whose labels contain {@code labelFilter}. */
    static double sum(String metric, String labelFilter) {
        return sum(MeshStackExtension.stack().server(), metric, labelFilter);
    }
}

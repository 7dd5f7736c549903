package agentmesh.system;

import java.net.URI;

/** Reads a server's application metrics (Prometheus text at /metrics). */
public final class MeshMetrics {

    private MeshMetrics() {
    }

    /** The sum of the samples of a metric whose labels contain {@code labelFilter} (empty: all of them). */
    static double sum(URI apiBase, String metric, String labelFilter) {
        return sum(scrape(new MeshClient(apiBase.resolve("/"))), metric, labelFilter);
    }

    /** The application metrics of the server {@code root} points at ({@code http://host:port/}). */
    public static String scrape(MeshClient root) {
        return root.get("metrics?scope=application", null).body();
    }

    /** As {@link #sum(URI, String, String)}, over metrics already scraped. */
    public static double sum(String prometheusText, String metric, String labelFilter) {
        return prometheusText.lines()
                .filter(line -> line.startsWith(metric + "{") && line.contains(labelFilter))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    static double sum(String metric) {
        return sum(metric, "");
    }

    /** On the system tests' stack, the samples of the metric whose labels contain {@code labelFilter}. */
    static double sum(String metric, String labelFilter) {
        return sum(MeshStackExtension.stack().config().baseUri(), metric, labelFilter);
    }
}

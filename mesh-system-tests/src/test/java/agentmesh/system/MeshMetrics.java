package agentmesh.system;

import java.net.URI;

/** Reads a server's application metrics (Prometheus text at /metrics). */
final class MeshMetrics {

    private MeshMetrics() {
    }

    /** The sum of the samples of a metric whose labels contain {@code labelFilter} (empty: all of them). */
    static double sum(URI apiBase, String metric, String labelFilter) {
        String text = new MeshClient(apiBase.resolve("/")).get("metrics?scope=application", null).body();
        return text.lines()
                .filter(line -> line.startsWith(metric + "{") && line.contains(labelFilter))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    static double sum(String metric) {
        return sum(MeshStackExtension.stack().config().baseUri(), metric, "");
    }
}

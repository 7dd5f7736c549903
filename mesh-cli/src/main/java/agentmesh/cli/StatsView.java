package agentmesh.cli;

import agentmesh.client.MeshStats;
import java.util.Map;
import java.util.stream.Collectors;

/** The stats for people: one line per part of the mesh, then the recent faults as a table. */
final class StatsView {

    private StatsView() {}

    static String render(MeshStats stats) {
        MeshStats.Outbox outbox = stats.outbox();
        MeshStats.Consumer consumer = stats.consumer();
        MeshStats.Instance instance = stats.instance();
        String consumerLine = consumer.error() != null
                ? consumer.group() + ": " + consumer.error()
                : consumer.group() + ", lag " + consumer.totalLag() + " (by partition: "
                        + counts(consumer.lagByPartition()) + ")";
        Table faults = Table.of("FAULT", "COUNT", "FIRST", "LAST", "DETAIL");
        stats.recentFaults().forEach(f -> faults.row(f.kind(), f.count(), f.firstAt(), f.lastAt(), f.detail()));
        return Table.fields()
                        .row(
                                "outbox",
                                counts(outbox.byStatus())
                                        + (outbox.oldestPendingAgeSeconds() == null
                                                ? ""
                                                : "; oldest pending " + outbox.oldestPendingAgeSeconds() + " s"))
                        .row("consumer", consumerLine)
                        .row("dedup hits", stats.dedupHits())
                        .row("tasks", counts(stats.tasksByState()))
                        .row(
                                "this instance",
                                "dispatched " + instance.dispatched() + ", delivered " + instance.delivered()
                                        + ", send to inbox p50 " + instance.e2eLatencyP50Seconds() + " s, p99 "
                                        + instance.e2eLatencyP99Seconds() + " s")
                        .render()
                + "\n" + faults.render();
    }

    private static String counts(Map<?, Long> counts) {
        return counts.isEmpty()
                ? "none"
                : counts.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "));
    }
}

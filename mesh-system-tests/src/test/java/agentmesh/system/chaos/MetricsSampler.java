package agentmesh.system.chaos;

import agentmesh.stack.StackConfig;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshMetrics;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

/**
 * Samples the mesh once a second during a run: the outbox backlog (read from the database, so also while the server
 * is down), the consumer lag and the consumer's dedup hits, of every instance. A server's counters restart from zero
 * after a crash, so the sampler adds up the last value it saw of each server life: the total is a lower bound, missing
 * the hits between the last sample and a crash.
 */
final class MetricsSampler implements AutoCloseable {

    private final StackConfig config;
    private final List<MeshClient> servers;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "chaos-metrics");
        thread.setDaemon(true);
        return thread;
    });
    private final long[] dedupHitsOfEarlierLives;
    private final long[] dedupHitsOfThisLife;
    private long maxPending;
    private long maxLag;

    /** @param servers a client for each instance's metrics address ({@link MeshMetrics#address}) */
    MetricsSampler(StackConfig config, List<MeshClient> servers) {
        this.config = config;
        this.servers = List.copyOf(servers);
        this.dedupHitsOfEarlierLives = new long[servers.size()];
        this.dedupHitsOfThisLife = new long[servers.size()];
    }

    void start() {
        ticker.scheduleWithFixedDelay(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    /** The consumer's dedup hits over all server lives, and the largest outbox backlog and consumer lag seen. */
    record Figures(long dedupHits, long maxPending, long maxLag) {}

    /** Stops sampling, takes a last sample so that the figures include the end of the run, and returns them. */
    Figures stop() {
        ticker.shutdownNow();
        sample();
        synchronized (this) {
            return new Figures(
                    LongStream.of(dedupHitsOfEarlierLives).sum()
                            + LongStream.of(dedupHitsOfThisLife).sum(),
                    maxPending,
                    maxLag);
        }
    }

    private void sample() {
        try {
            long pending = EndState.pendingOutboxEvents(config);
            synchronized (this) {
                maxPending = Math.max(maxPending, pending);
            }
        } catch (RuntimeException e) {
            // its connection was one of those a fault killed; the next sample reads again
        }
        for (int i = 0; i < servers.size(); i++) {
            sampleServer(i);
        }
    }

    private void sampleServer(int i) {
        try {
            String metrics = MeshMetrics.scrape(servers.get(i));
            if (!MeshMetrics.exported(metrics, "agent_mesh_dedup_hit_total")) {
                return; // not the application's metrics yet: the server is still starting
            }
            long dedupHits = (long) MeshMetrics.sum(metrics, "agent_mesh_dedup_hit_total", "");
            long lag = (long) MeshMetrics.sum(metrics, "agent_mesh_consumer_lag", "");
            synchronized (this) {
                if (dedupHits < dedupHitsOfThisLife[i]) {
                    dedupHitsOfEarlierLives[i] += dedupHitsOfThisLife[i]; // the server started again
                }
                dedupHitsOfThisLife[i] = dedupHits;
                maxLag = Math.max(maxLag, lag);
            }
        } catch (RuntimeException e) {
            // the server is down; its counters are read again once it is back
        }
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}

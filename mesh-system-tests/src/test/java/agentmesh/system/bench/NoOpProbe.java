package agentmesh.system.bench;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A request the server does nothing for — its liveness probe, on the same HTTP listener and worker threads as the
 * mesh's API on Payara (WildFly serves it on its management port), past none of the mesh's filters — timed at
 * {@link #RATE}/s beside a step's load, open loop, from each request's intended start: how long any request waits
 * for this machine's cores and the listener's threads at that moment. Under overload it is the floor under a
 * refusal's time; what a refusal takes beyond it is the mesh's own (and, on Payara, the reconnect after a 503).
 */
final class NoOpProbe {

    static final int RATE = 40;
    private static final int THREADS = 32;
    private static final long MAX_MICROS = 3_600_000_000L;

    private final URI target;

    /** What the probe saw: its latencies in microseconds, and requests not answered 200 (or not answered at all). */
    record Result(Histogram micros, long failed) {}

    NoOpProbe(URI management) {
        this.target = management.resolve("health/live");
    }

    /** Times {@link #RATE} requests a second for {@code duration}; returns when every one is answered or failed. */
    Result run(Duration duration) {
        Histogram micros = new ConcurrentHistogram(MAX_MICROS, 3);
        LongAdder failed = new LongAdder();
        Queue<KeptConnection> connections = new ConcurrentLinkedQueue<>();
        ThreadLocal<KeptConnection> connection = ThreadLocal.withInitial(() -> {
            KeptConnection kept = new KeptConnection(target, OpenLoopSender.REQUEST_TIMEOUT);
            connections.add(kept);
            return kept;
        });
        byte[] request = Http1Connection.request("GET", target, Map.of(), null);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        long periodNanos = 1_000_000_000L / RATE;
        long start = System.nanoTime();
        try {
            for (long i = 0; i < duration.toSeconds() * RATE; i++) {
                long due = start + i * periodNanos;
                for (long now; (now = System.nanoTime()) < due; ) {
                    LockSupport.parkNanos(due - now);
                }
                threads.execute(() -> {
                    try {
                        if (connection.get().exchange(request).status() == 200) {
                            micros.recordValue(Math.min((System.nanoTime() - due) / 1000, MAX_MICROS));
                        } else {
                            failed.increment();
                        }
                    } catch (IOException | RuntimeException e) {
                        failed.increment();
                    }
                });
            }
            threads.shutdown();
            threads.awaitTermination(OpenLoopSender.REQUEST_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            failed.add(threads.shutdownNow().size()); // never started: not answered
            connections.forEach(KeptConnection::close);
        }
        return new Result(micros, failed.sum());
    }
}

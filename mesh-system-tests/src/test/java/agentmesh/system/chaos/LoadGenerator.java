package agentmesh.system.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The steady load of a run: at a fixed total rate, one more message for a randomly chosen agent to send. The plan
 * does not slow down when the mesh does — an agent whose sends fail builds a queue and sends it once the mesh is
 * back, as agents with work to hand off would.
 */
final class LoadGenerator {

    private final List<AgentSender> senders;
    private final double ratePerSecond;
    private final Random random;

    LoadGenerator(List<AgentSender> senders, double ratePerSecond, long seed) {
        this.senders = senders;
        this.ratePerSecond = ratePerSecond;
        this.random = new Random(seed);
    }

    /** Plans messages at the rate for as long as given; returns when the last one is planned. */
    void run(Duration duration) {
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "chaos-load");
            thread.setDaemon(true);
            return thread;
        });
        CountDownLatch over = new CountDownLatch(1);
        ticker.scheduleAtFixedRate(
                () -> senders.get(random.nextInt(senders.size())).plan(Instant.now()),
                0,
                Math.round(1e9 / ratePerSecond),
                TimeUnit.NANOSECONDS);
        ticker.schedule(over::countDown, duration.toNanos(), TimeUnit.NANOSECONDS);
        try {
            over.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            ticker.shutdownNow();
        }
    }

    /**
     * Waits until every planned message is acknowledged or refused; after {@code timeout} the senders give up on
     * what is left (it stays unacknowledged), and this returns once they have.
     */
    void awaitSent(Duration timeout) {
        CompletableFuture<Void> all =
                CompletableFuture.allOf(senders.stream().map(AgentSender::idle).toArray(CompletableFuture[]::new));
        try {
            all.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            senders.forEach(sender -> sender.giveUpAt(Instant.now()));
            all.join();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a sender failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

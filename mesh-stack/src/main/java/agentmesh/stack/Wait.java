package agentmesh.stack;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Waiting for a process the stack started to become ready: a bounded poll, since there is nothing to listen to. */
final class Wait {

    private static final Duration INTERVAL = Duration.ofMillis(200);

    private Wait() {}

    static void until(String what, Duration timeout, BooleanSupplier ready) {
        Instant deadline = Instant.now().plus(timeout);
        while (!ready.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new StackException("Timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(INTERVAL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("Interrupted while waiting for " + what, e);
            }
        }
    }
}

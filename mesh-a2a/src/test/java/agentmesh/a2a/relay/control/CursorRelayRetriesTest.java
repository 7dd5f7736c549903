package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.retry.RetryPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the outbound mechanism parks an event: the relay's counts refusals only, the push's every failure. */
class CursorRelayRetriesTest {

    private static RetryPolicy policy(int maxAttempts) {
        return new RetryPolicy(Duration.ofMillis(500), Duration.ofMinutes(1), maxAttempts);
    }

    @Test
    void aRemoteServerOutOfReachIsWaitedForButOneThatRefusesIsParked() {
        CursorRelay.Retries relay = new CursorRelay.Retries(policy(5), false);

        assertFalse(relay.policy().parks(relay.attempts(100, 0)), "out of reach a hundred times: still waited for");
        assertFalse(relay.policy().parks(relay.attempts(5, 4)));
        assertTrue(relay.policy().parks(relay.attempts(5, 5)));
    }

    @Test
    void aWebhookIsParkedAfterItsAttemptsWhateverFailed() {
        CursorRelay.Retries push = new CursorRelay.Retries(policy(10), true);

        assertFalse(push.policy().parks(push.attempts(9, 0)));
        assertTrue(push.policy().parks(push.attempts(10, 0)));
    }

    @Test
    void aTargetOutOfReachWaitsLongerWithEachFailureUpToAMinute() {
        CursorRelay.Retries relay = new CursorRelay.Retries(policy(5), false);

        assertEquals(
                new RetryPolicy.RetryAfter(Duration.ofMillis(500)),
                relay.policy().after(relay.attempts(1, 0)));
        assertEquals(
                new RetryPolicy.RetryAfter(Duration.ofSeconds(4)),
                relay.policy().after(relay.attempts(4, 0)));
        assertEquals(
                new RetryPolicy.RetryAfter(Duration.ofMinutes(1)),
                relay.policy().after(relay.attempts(30, 0)));
    }
}

package agentmesh.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5), 10);

    @Test
    void theWaitDoublesFromTheFirstWaitWithEachFailure() {
        assertEquals(Duration.ofSeconds(5), policy.waitAfter(1));
        assertEquals(Duration.ofSeconds(10), policy.waitAfter(2));
        assertEquals(Duration.ofSeconds(20), policy.waitAfter(3));
        assertEquals(Duration.ofSeconds(80), policy.waitAfter(5));
    }

    @Test
    void theWaitStopsGrowingAtItsCap() {
        assertEquals(Duration.ofSeconds(160), policy.waitAfter(6));
        assertEquals(Duration.ofMinutes(5), policy.waitAfter(7));
        assertEquals(Duration.ofMinutes(5), policy.waitAfter(1_000));
        assertEquals(Duration.ofMinutes(5), policy.waitAfter(Integer.MAX_VALUE));
    }

    @Test
    void noFailureYetWaitsTheFirstWait() {
        assertEquals(Duration.ofSeconds(5), policy.waitAfter(0));
    }

    @Test
    void theWorkIsParkedAtItsMaxAttemptsCountedFailuresAndNotBefore() {
        assertInstanceOf(RetryPolicy.RetryAfter.class, policy.after(new Attempts(9, 9)));
        assertInstanceOf(RetryPolicy.Park.class, policy.after(new Attempts(10, 10)));
    }

    @Test
    void failuresOfTheSurroundingsGrowTheWaitButNeverPark() {
        Attempts attempts = Attempts.NONE;
        for (int i = 0; i < 100; i++) {
            attempts = attempts.failed(false);
        }

        assertFalse(policy.parks(attempts));
        assertEquals(new RetryPolicy.RetryAfter(Duration.ofMinutes(5)), policy.after(attempts));
    }

    @Test
    void aRetryWaitsAsLongAsAllTheTriesSaySoFar() {
        Attempts attempts = Attempts.NONE.failed(false).failed(false).failed(true);

        assertEquals(new Attempts(3, 1), attempts);
        assertEquals(new RetryPolicy.RetryAfter(Duration.ofSeconds(20)), policy.after(attempts));
    }

    @Test
    void aPolicyOfOneAttemptParksAtTheFirstFailureOfItsOwn() {
        RetryPolicy once = new RetryPolicy(Duration.ofMillis(1), Duration.ofMillis(1), 1);

        assertFalse(once.parks(Attempts.NONE.failed(false)));
        assertTrue(once.parks(Attempts.NONE.failed(true)));
    }

    @Test
    void nonsenseSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(Duration.ZERO, Duration.ofSeconds(1), 3));
        assertThrows(
                IllegalArgumentException.class, () -> new RetryPolicy(Duration.ofSeconds(2), Duration.ofSeconds(1), 3));
        assertThrows(
                IllegalArgumentException.class, () -> new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(1), 0));
        assertThrows(IllegalArgumentException.class, () -> new Attempts(1, 2));
    }
}

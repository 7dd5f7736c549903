package agentmesh.outbox.entity;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5), 10);

    @Test
    void delayDoublesFromFiveSecondsTimesTwoToTheAttempts() {
        assertEquals(Duration.ofSeconds(10), policy.delayAfter(1));
        assertEquals(Duration.ofSeconds(20), policy.delayAfter(2));
        assertEquals(Duration.ofSeconds(40), policy.delayAfter(3));
        assertEquals(Duration.ofSeconds(160), policy.delayAfter(5));
    }

    @Test
    void delayStopsGrowingAtTheCap() {
        assertEquals(Duration.ofMinutes(5), policy.delayAfter(6));
        assertEquals(Duration.ofMinutes(5), policy.delayAfter(9));
        assertEquals(Duration.ofMinutes(5), policy.delayAfter(1_000));
    }

    @Test
    void theTenthFailedAttemptIsTheLast() {
        assertFalse(policy.isDead(9));
        assertTrue(policy.isDead(10));
    }

    @Test
    void aRefusalCountsTheAttemptAndBacksOff() {
        RetryPolicy.Refusal refusal = policy.refused(0, "record refused", false);

        assertEquals(1, refusal.attempts());
        assertFalse(refusal.dead());
        assertEquals(Duration.ofSeconds(10), refusal.delay());
        assertEquals("record refused", refusal.error());
    }

    @Test
    void theRefusalOfTheLastAttemptMakesTheEventDead() {
        assertFalse(policy.refused(8, "x", false).dead());
        assertTrue(policy.refused(9, "x", false).dead());
    }

    @Test
    void aRefusalForGoodIsDeadAtTheFirstAttempt() {
        RetryPolicy.Refusal refusal = policy.refused(0, "RecordTooLargeException", true);

        assertTrue(refusal.dead());
        assertEquals(1, refusal.attempts());
    }

    @Test
    void longErrorsAreCutToTheColumn() {
        assertEquals(1000, policy.refused(0, "e".repeat(5000), false).error().length());
    }

    @Test
    void nonsenseSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RetryPolicy(Duration.ZERO, Duration.ofSeconds(1), 3));
        assertThrows(IllegalArgumentException.class,
                () -> new RetryPolicy(Duration.ofSeconds(2), Duration.ofSeconds(1), 3));
        assertThrows(IllegalArgumentException.class,
                () -> new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(1), 0));
    }
}

package agentmesh.outbox.entity;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutboxEventTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);
    private final LocalDateTime now = LocalDateTime.now(clock);
    private final RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5), 3);

    private OutboxEvent event() {
        return new OutboxEvent("bob", "message", "t-1", "{}", now);
    }

    @Test
    void aNewEventIsPendingAndDueAtOnce() {
        OutboxEvent event = event();
        assertEquals(OutboxStatus.PENDING, event.status());
        assertEquals(now, event.nextAttemptAt());
        assertEquals(0, event.attempts());
    }

    @Test
    void aFailureCountsTheAttemptAndBacksOff() {
        OutboxEvent event = event();

        boolean dead = event.recordFailure("broker down", policy, now);

        assertFalse(dead);
        assertEquals(OutboxStatus.PENDING, event.status());
        assertEquals(1, event.attempts());
        assertEquals(now.plusSeconds(10), event.nextAttemptAt());
        assertEquals("broker down", event.lastError());
    }

    @Test
    void theLastFailedAttemptMakesTheEventDead() {
        OutboxEvent event = event();
        event.recordFailure("1", policy, now);
        event.recordFailure("2", policy, now.plusSeconds(10));

        boolean dead = event.recordFailure("3", policy, now.plusSeconds(30));

        assertTrue(dead);
        assertEquals(OutboxStatus.FAILED, event.status());
        assertEquals(3, event.attempts());
    }

    @Test
    void anUnreachableBrokerNeitherCountsNorGrowsTheWait() {
        OutboxEvent event = event();

        for (int i = 0; i < 50; i++) {
            event.recordUnavailable("broker down", policy, now.plusSeconds(i * 5L));
        }

        assertEquals(OutboxStatus.PENDING, event.status());
        assertEquals(0, event.attempts());
        assertEquals(now.plusSeconds(49 * 5L + 5), event.nextAttemptAt(), "tried again after the base delay");
        assertEquals("broker down", event.lastError());
    }

    @Test
    void aRetriedDeadEventIsPendingAgainWithFreshAttempts() {
        OutboxEvent event = event();
        for (int i = 0; i < 3; i++) {
            event.recordFailure("x", policy, now);
        }

        event.retryNow(now.plusHours(1));

        assertEquals(OutboxStatus.PENDING, event.status());
        assertEquals(0, event.attempts());
        assertEquals(now.plusHours(1), event.nextAttemptAt());
    }

    @Test
    void aSentEventForgetsItsLastError() {
        OutboxEvent event = event();
        event.recordFailure("x", policy, now);

        event.markSent(now.plusSeconds(11));

        assertEquals(OutboxStatus.SENT, event.status());
        assertEquals(now.plusSeconds(11), event.sentAt());
        assertNull(event.lastError());
    }

    @Test
    void longErrorsAreCutToTheColumn() {
        OutboxEvent event = event();
        event.recordFailure("e".repeat(5000), policy, now);
        assertEquals(1000, event.lastError().length());
    }
}

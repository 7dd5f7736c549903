package agentmesh.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G7")
class TokenBucketTest {

    private final Instant start = Instant.parse("2026-12-02T12:00:00Z");

    @Test
    void aFullBucketLetsABurstThroughThenRefusesWithTheWait() {
        TokenBucket bucket = new TokenBucket(100, 50, start);
        for (int i = 0; i < 100; i++) {
            assertEquals(Duration.ZERO, bucket.take(start), "request " + i);
        }
        assertEquals(Duration.ofMillis(20), bucket.take(start));
    }

    @Test
    void tokensComeBackAtTheSustainedRateButNeverBeyondTheBurst() {
        TokenBucket bucket = new TokenBucket(100, 50, start);
        for (int i = 0; i < 100; i++) {
            bucket.take(start);
        }
        Instant oneSecondLater = start.plusSeconds(1);
        int accepted = 0;
        while (bucket.take(oneSecondLater).isZero()) {
            accepted++;
        }
        assertEquals(50, accepted);

        Instant muchLater = oneSecondLater.plusSeconds(3600);
        int burst = 0;
        while (bucket.take(muchLater).isZero()) {
            burst++;
        }
        assertEquals(100, burst);
    }

    @Test
    void timeGoingBackwardsGivesNothing() {
        TokenBucket bucket = new TokenBucket(1, 1, start);
        bucket.take(start);
        assertEquals(Duration.ofSeconds(1), bucket.take(start.minusSeconds(10)));
    }

    @Test
    void lookingAtTheWaitTakesNothing() {
        TokenBucket bucket = new TokenBucket(2, 1, start);
        assertEquals(Duration.ZERO, bucket.waitAt(start));
        bucket.take(start);
        assertEquals(Duration.ZERO, bucket.waitAt(start));
        bucket.take(start);
        assertEquals(Duration.ofSeconds(1), bucket.waitAt(start));
        assertFalse(bucket.isFullAt(start.plusSeconds(1)));
        assertTrue(bucket.isFullAt(start.plusSeconds(2)));
    }

    @Test
    void aChargeBeyondTheTokensLeavesADebtThatRefusesUntilRefilled() {
        TokenBucket bucket = new TokenBucket(100, 50, start);

        bucket.charge(200, start);

        assertEquals(Duration.ofMillis(2020), bucket.waitAt(start));
        assertFalse(bucket.waitAt(start.plusSeconds(2)).isZero());
        assertTrue(bucket.waitAt(start.plusMillis(2020)).isZero());
    }

    @Test
    void manyTokensAreTakenAtOnceOrNoneAndARefundFillsNoMoreThanFull() {
        TokenBucket bucket = new TokenBucket(100, 50, start);

        assertTrue(bucket.take(60, start).isZero());
        assertEquals(Duration.ofMillis(400), bucket.take(60, start)); // 40 left: none taken, 20 more in 0.4 s
        bucket.charge(-500, start);
        assertTrue(bucket.isFullAt(start));
        assertTrue(bucket.take(100, start).isZero());
        assertFalse(bucket.take(1, start).isZero());
    }
}

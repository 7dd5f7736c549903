package agentmesh.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.operations.RecentFaults.Fault;
import agentmesh.operations.RecentFaults.Kind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentFaultsTest {

    private Instant now = Instant.parse("2026-12-03T10:00:00Z");
    private final RecentFaults faults = new RecentFaults(new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    });

    @Test
    void aFaultRepeatedWithinAMinuteOfItsLastIsOneSpellWithACountAndTheLatestDetail() {
        faults.record(Kind.IDENTITY_UNAVAILABLE, "a → b");
        Instant first = now;
        for (int i = 0; i < 5; i++) {
            now = now.plusSeconds(50);
            faults.record(Kind.IDENTITY_UNAVAILABLE, "c → d " + i);
        }

        assertEquals(List.of(new Fault("identity-unavailable", "c → d 4", first, now, 6)), faults.newestFirst());
    }

    @Test
    void aFaultAfterAQuietMinuteStartsANewSpellAndOtherKindsKeepTheirOwn() {
        faults.record(Kind.BROKER_UNAVAILABLE, "first outage");
        now = now.plusSeconds(10);
        faults.record(Kind.OUTBOX_EVENT_DEAD, "event 7");
        now = now.plus(Duration.ofSeconds(61));
        faults.record(Kind.BROKER_UNAVAILABLE, "second outage");

        assertEquals(
                List.of("second outage", "event 7", "first outage"),
                faults.newestFirst().stream().map(Fault::detail).toList());
    }

    @Test
    void onlyTheNewestSpellsAreKept() {
        for (int i = 0; i < RecentFaults.KEPT + 5; i++) {
            now = now.plus(Duration.ofMinutes(2));
            faults.record(Kind.RECORD_PARKED, "record " + i);
        }

        List<Fault> kept = faults.newestFirst();
        assertEquals(RecentFaults.KEPT, kept.size());
        assertEquals("record " + (RecentFaults.KEPT + 4), kept.get(0).detail());
        assertEquals("record 5", kept.get(kept.size() - 1).detail());
    }
}

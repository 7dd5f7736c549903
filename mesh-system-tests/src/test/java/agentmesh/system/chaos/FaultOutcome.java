package agentmesh.system.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A fault and how long the mesh took to recover from it, measured from when it healed: until every message planned
 * before then was acknowledged (the senders' retry backlog), and until every message acknowledged before then was in
 * its inbox (the delivery backlog). Null when that never happened. Faults that overlap share their backlogs. And the
 * senders' failed attempts from the strike until they caught up.
 */
record FaultOutcome(
        FaultRecord record,
        Duration sendersCaughtUp,
        Duration deliveriesCaughtUp,
        Map<AttemptOutcome, Integer> failedAttempts) {

    FaultOutcome {
        failedAttempts = Map.copyOf(failedAttempts);
    }

    static FaultOutcome of(FaultRecord record, List<SendRecord> sends, Map<String, Instant> deliveredAt) {
        if (!record.struck()) {
            return new FaultOutcome(record, Duration.ZERO, Duration.ZERO, Map.of());
        }
        Instant healed = record.healedAt();
        Instant sendersCaughtUp = Verification.sendersCaughtUp(sends, healed);
        return new FaultOutcome(
                record,
                since(healed, sendersCaughtUp),
                since(healed, Verification.deliveriesCaughtUp(sends, deliveredAt, healed)),
                failedAttempts(sends, record.struckAt(), sendersCaughtUp == null ? healed : sendersCaughtUp));
    }

    /**
     * What the senders saw while the fault held and until they caught up: the failed attempts of the sends first tried
     * in that window, by how they failed (an attempt's own time is not kept; a send's retries count with it).
     */
    private static Map<AttemptOutcome, Integer> failedAttempts(List<SendRecord> sends, Instant from, Instant until) {
        Map<AttemptOutcome, Integer> failed = new EnumMap<>(AttemptOutcome.class);
        sends.stream()
                .filter(send -> send.firstAttempt() != null
                        && !send.firstAttempt().isBefore(from)
                        && !send.firstAttempt().isAfter(until))
                .forEach(send ->
                        send.failures().forEach((outcome, count) -> failed.merge(outcome, count, Integer::sum)));
        return failed;
    }

    private static Duration since(Instant healed, Instant caughtUp) {
        return caughtUp == null ? null : Duration.between(healed, caughtUp);
    }
}

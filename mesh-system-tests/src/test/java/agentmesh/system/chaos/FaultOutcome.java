package agentmesh.system.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A fault and how long the mesh took to recover from it, measured from when it healed: until every message planned
 * before then was acknowledged (the senders' retry backlog), and until every message acknowledged before then was in
 * its inbox (the delivery backlog). Null when that never happened. Faults that overlap share their backlogs.
 */
record FaultOutcome(FaultRecord record, Duration sendersCaughtUp, Duration deliveriesCaughtUp) {

    static FaultOutcome of(FaultRecord record, List<SendRecord> sends, Map<String, Instant> deliveredAt) {
        if (!record.struck()) {
            return new FaultOutcome(record, Duration.ZERO, Duration.ZERO);
        }
        Instant healed = record.healedAt();
        return new FaultOutcome(record, since(healed, Verification.sendersCaughtUp(sends, healed)),
                since(healed, Verification.deliveriesCaughtUp(sends, deliveredAt, healed)));
    }

    private static Duration since(Instant healed, Instant caughtUp) {
        return caughtUp == null ? null : Duration.between(healed, caughtUp);
    }
}

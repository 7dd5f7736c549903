package agentmesh.system.chaos;

import java.time.Duration;
import java.time.Instant;

/**
 * A fault as it happened: when it struck and when what it broke was whole again (the server answering, the broker
 * back, the identity service fast, the consumer crashed as asked). Skipped when what it would break was already
 * broken by an earlier fault of the same part.
 */
record FaultRecord(ScheduledFault fault, Instant struckAt, Instant healedAt, String detail) {

    static FaultRecord skipped(ScheduledFault fault, String why) {
        return new FaultRecord(fault, null, null, "skipped: " + why);
    }

    boolean struck() {
        return struckAt != null;
    }

    Duration downtime() {
        return Duration.between(struckAt, healedAt);
    }
}

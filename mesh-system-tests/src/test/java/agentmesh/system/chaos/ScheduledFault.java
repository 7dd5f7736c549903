package agentmesh.system.chaos;

import java.time.Duration;

/** One fault of a schedule: what strikes, how long after the load started, and for how long. */
record ScheduledFault(Duration at, FaultKind kind, Duration length) {

    /** As a schedule writes it: {@code 90s kafka-stop 60s}; the length only when the fault lasts. */
    @Override
    public String toString() {
        return at.toSeconds() + "s " + kind.label() + (length.isZero() ? "" : " " + length.toSeconds() + "s");
    }
}

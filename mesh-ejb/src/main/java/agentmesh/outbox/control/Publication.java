package agentmesh.outbox.control;

/** What became of one event handed to Kafka. */
public sealed interface Publication {

    /** Kafka acknowledged it (acks=all). */
    record Sent() implements Publication {}

    /**
     * Kafka could not be reached or did not answer in time (its retriable errors): no fault of the event; it is tried
     * again unchanged once the broker is back.
     */
    record BrokerUnavailable(String reason) implements Publication {}

    /**
     * Kafka (or the producer before sending) refused the event itself: retried with backoff, then dead — at once
     * when it can never be accepted ({@code forGood}: too large, not a valid record), so that it never holds its
     * recipient's later events back.
     */
    record Refused(String reason, boolean forGood) implements Publication {}

    Sent SENT = new Sent();
}

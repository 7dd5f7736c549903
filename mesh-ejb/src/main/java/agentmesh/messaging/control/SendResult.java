package agentmesh.messaging.control;

/** A send's outcome: {@code replayed} when the message had been stored by an earlier send with the same id. */
public record SendResult(SentMessage message, boolean replayed) {}

package agentmesh.inbox.control;

import java.time.LocalDateTime;

/** An event as a delivery wrote it into an inbox: its cursor there, its stored payload and the time it arrived. */
public record StoredEvent(long cursor, String payload, LocalDateTime deliveredAt) {}

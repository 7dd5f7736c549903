package agentmesh.client;

import java.time.Instant;
import java.util.List;

/** A message of a task's history; {@code seq} is its position in the task (1, 2, …). */
public record TaskMessage(
        String messageId, int seq, String from, String to, String role, List<Part> parts, Instant createdAt) {}

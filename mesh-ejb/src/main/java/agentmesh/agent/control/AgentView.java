package agentmesh.agent.control;

import java.time.Instant;
import java.util.List;

/** An agent as the admin API shows it; {@code contacts} is null in listings. */
public record AgentView(String agentId, String displayName, Instant createdAt, List<String> contacts) {
}

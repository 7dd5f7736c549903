package agentmesh.agent.control;

import java.time.Instant;
import java.util.List;

/**
 * An agent as the admin API shows it. {@code lastActiveAt} is the latest activity of its tasks (a message, an
 * artifact or a status change, its own or the other agent's), null before its first task; it is not read for the
 * contact listing. {@code contacts} is null in listings. {@code disabledAt}: when an admin disabled it, null while
 * it is enabled (and in listings).
 */
public record AgentView(
        String agentId,
        String displayName,
        Instant createdAt,
        Instant lastActiveAt,
        List<String> contacts,
        Instant disabledAt) {}

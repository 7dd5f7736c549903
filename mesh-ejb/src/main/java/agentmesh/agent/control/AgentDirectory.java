package agentmesh.agent.control;

import agentmesh.paging.TimeOrderCursor;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.util.List;

/**
 * The admin's listing of agents: pages in id order or most recently active first, narrowed to the ids that contain a
 * text. An agent's activity is the latest {@code updated_at} of its tasks, read from the (requester, updated_at) and
 * (assignee, updated_at) indexes — two index look-ups per agent and no write on the message path. In id order only
 * the page's agents are looked up; by activity every agent that matches is, so that listing costs in proportion to
 * the number of agents (milliseconds for thousands). Its pages are each a snapshot: an agent active between two
 * pages moves to the front and is not shown again further on.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class AgentDirectory {

    private static final LocalDateTime NEVER = LocalDateTime.of(1000, 1, 1, 0, 0);
    private static final String NEVER_SQL = "TIMESTAMP'1000-01-01 00:00:00'";
    private static final String ACTIVITY = "GREATEST("
            + "COALESCE((SELECT MAX(t.updated_at) FROM task t WHERE t.requester = a.agent_id), " + NEVER_SQL + "), "
            + "COALESCE((SELECT MAX(t.updated_at) FROM task t WHERE t.assignee = a.agent_id), " + NEVER_SQL + "))";
    private static final String SELECTED =
            "SELECT a.agent_id, a.display_name, a.created_at, " + ACTIVITY + " AS activity FROM agent a WHERE ";
    private static final String ONE = SELECTED + "a.agent_id = ?";
    private static final String MATCHING = SELECTED + "a.agent_id LIKE ? ESCAPE '!'";
    private static final String BY_ID = MATCHING + " AND a.agent_id > ? ORDER BY a.agent_id LIMIT ?";
    private static final String BY_ACTIVITY = "SELECT agent_id, display_name, created_at, activity FROM (" + MATCHING
            + ") ranked WHERE activity < ? OR (activity = ? AND agent_id > ?) ORDER BY activity DESC, agent_id"
            + " LIMIT ?";

    @PersistenceContext
    EntityManager em;

    /**
     * Up to {@code limit} agents whose id contains {@code idContains} (all for null), after the cursor of the
     * previous page (null for the first).
     */
    public AgentPage list(String idContains, AgentOrder order, String cursor, int limit) {
        String pattern = "%"
                + (idContains == null
                        ? ""
                        : idContains.replace("!", "!!").replace("%", "!%").replace("_", "!_")) + "%";
        List<Object[]> rows = order == AgentOrder.ID
                ? byId(pattern, cursor, limit + 1)
                : byActivity(pattern, cursor == null ? null : TimeOrderCursor.decode(cursor), limit + 1);
        List<Object[]> page = rows.size() > limit ? rows.subList(0, limit) : rows;
        String next = null;
        if (rows.size() > limit) {
            Object[] last = page.get(page.size() - 1);
            next = order == AgentOrder.ID
                    ? (String) last[0]
                    : new TimeOrderCursor(UtcDateTimeConverter.read(last[3]), (String) last[0]).encode();
        }
        return new AgentPage(page.stream().map(AgentDirectory::view).toList(), next);
    }

    /** The latest activity of the agent's tasks, null before its first task. */
    public LocalDateTime lastActivity(String agentId) {
        Object[] row =
                (Object[]) em.createNativeQuery(ONE).setParameter(1, agentId).getSingleResult();
        return activity(row[3]);
    }

    @SuppressWarnings("unchecked")
    private List<Object[]> byId(String pattern, String afterId, int limit) {
        return em.createNativeQuery(BY_ID)
                .setParameter(1, pattern)
                .setParameter(2, afterId == null ? "" : afterId)
                .setParameter(3, limit)
                .getResultList();
    }

    @SuppressWarnings("unchecked")
    private List<Object[]> byActivity(String pattern, TimeOrderCursor after, int limit) {
        // The first page starts after a time later than any activity.
        LocalDateTime time = after == null ? LocalDateTime.of(9999, 12, 31, 0, 0) : after.time();
        String id = after == null ? "" : after.id();
        return em.createNativeQuery(BY_ACTIVITY)
                .setParameter(1, pattern)
                .setParameter(2, UtcDateTimeConverter.format(time))
                .setParameter(3, UtcDateTimeConverter.format(time))
                .setParameter(4, id)
                .setParameter(5, limit)
                .getResultList();
    }

    private static AgentView view(Object[] row) {
        return new AgentView(
                (String) row[0],
                (String) row[1],
                UtcTime.toInstant(UtcDateTimeConverter.read(row[2])),
                UtcTime.toInstant(activity(row[3])),
                null,
                null);
    }

    private static LocalDateTime activity(Object value) {
        LocalDateTime time = UtcDateTimeConverter.read(value);
        return time.equals(NEVER) ? null : time;
    }
}

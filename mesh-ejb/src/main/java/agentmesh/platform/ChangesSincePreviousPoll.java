package agentmesh.platform;

import jakarta.persistence.EntityManager;

import java.util.List;

/**
 * The rows changed since a feed's previous poll, by the database's clock: each poll reads from the time the previous
 * one began, less an overlap for changes that committed a little after their statement set the time. The window
 * follows the polls, not the wall clock, so a timer that runs late (a collection, a busy server) still reads every
 * change — it reads a longer window once. Hearing of a change twice is the listeners' to ignore.
 */
public final class ChangesSincePreviousPoll {

    private final String changedSince;
    private Object previousStart;

    /**
     * @param changedSince a native query with one parameter, a {@code DATETIME(6)} in UTC, selecting the rows whose
     *                     change time is at or after it less the overlap (e.g. {@code >= ? - INTERVAL 3 SECOND})
     */
    public ChangesSincePreviousPoll(String changedSince) {
        this.changedSince = changedSince;
    }

    /** Not thread-safe: one poll at a time (a singleton's scheduled method). */
    @SuppressWarnings("unchecked")
    public List<Object[]> poll(EntityManager em) {
        Object start = em.createNativeQuery("SELECT UTC_TIMESTAMP(6)").getSingleResult();
        Object from = previousStart == null ? start : previousStart;
        List<Object[]> rows = em.createNativeQuery(changedSince).setParameter(1, from).getResultList();
        previousStart = start;
        return rows;
    }
}

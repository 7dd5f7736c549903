package agentmesh.web;

import agentmesh.problem.InvalidRequestException;

/**
 * The one pagination vocabulary of API v1, read by every paged route: {@code cursor}, the {@code nextCursor} of the
 * page before (absent: from the start, or where the route says), and {@code limit}, the most items wanted.
 * {@code after}, the name the inbox and a task's messages and artifacts used for their cursor before, is an alias read
 * on every route; given both, they must agree. The A2A facade keeps A2A's own names ({@code pageToken},
 * {@code pageSize}).
 *
 * <p>A route takes the three as {@code @QueryParam}s named by the constants here and makes the query with
 * {@link #of}, not as a {@code @BeanParam}: Jersey builds a bean parameter anew for every request, looking its
 * fields' converters up again by reflection (the inbox's long poll spent 2 % of the server's CPU on it in the
 * benchmark's profile, docs/TESTING.md), where a method's parameters are resolved once.
 */
public final class PageQuery {

    public static final String CURSOR = "cursor";
    public static final String ALIAS = "after";
    public static final String LIMIT = "limit";

    private final String cursor;
    private final String after;
    private final String limit;

    private PageQuery(String cursor, String after, String limit) {
        this.cursor = cursor;
        this.after = after;
        this.limit = limit;
    }

    /** The query's three parameters as given (null for absent). */
    public static PageQuery of(String cursor, String after, String limit) {
        return new PageQuery(cursor, after, limit);
    }

    /** The cursor as the client gave it, under either name; null when it gave none. */
    public String cursor() {
        if (cursor != null && after != null && !cursor.equals(after)) {
            throw new InvalidRequestException(ALIAS, "is another name of cursor; give one of them");
        }
        return cursor != null ? cursor : after;
    }

    /** A cursor that is a position (inbox cursor, message seq), or null when none is given. */
    public Long position() {
        String text = cursor();
        return text == null ? null : QueryNumbers.parse(cursor != null ? CURSOR : ALIAS, text, 0, Long.MAX_VALUE);
    }

    /** A cursor that must match the pattern (an agent id, an opaque token), or null when none is given. */
    public String cursor(String pattern) {
        String text = cursor();
        if (text != null && !text.matches(pattern)) {
            throw new InvalidRequestException(cursor != null ? CURSOR : ALIAS, "is not a cursor this API handed out");
        }
        return text;
    }

    /** The limit, from 1 to {@code max}; {@code fallback} when absent. */
    public int limit(int fallback, int max) {
        return QueryNumbers.parse(LIMIT, limit, fallback, 1, max);
    }
}

package agentmesh.deadletter;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A page of a dead-letter store, in the order the letters were parked (by id), as every store's admin route answers
 * it: {@code {"deadLetters":[…],"nextCursor":ID}} — {@code nextCursor}, the last letter's id, is the {@code cursor} of
 * the next page and is absent on the last one.
 */
public record DeadLetterPage<T>(List<T> deadLetters, Long nextCursor) {

    /** The most letters one page holds, whatever {@code limit} asks (API.md, Limits). */
    public static final int MAX_LIMIT = 1000;

    public static final int DEFAULT_LIMIT = 100;

    /**
     * The page of the letters read after the cursor in id order: read {@code limit + 1} of them, so that a full last
     * page is known to be the last.
     */
    public static <T> DeadLetterPage<T> of(List<T> readOneMore, int limit, ToLongFunction<T> id) {
        if (readOneMore.size() <= limit) {
            return new DeadLetterPage<>(readOneMore, null);
        }
        List<T> page = readOneMore.subList(0, limit);
        return new DeadLetterPage<>(List.copyOf(page), id.applyAsLong(page.get(limit - 1)));
    }
}

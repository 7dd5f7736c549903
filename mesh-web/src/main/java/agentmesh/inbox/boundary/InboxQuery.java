package agentmesh.inbox.boundary;

import agentmesh.platform.InvalidRequestException;

/**
 * The numbers of an inbox request, checked by hand: JAX-RS answers a query parameter that does not convert with
 * 404, and these deserve a 400 that names the parameter.
 */
record InboxQuery(Long after, int limit, int waitSeconds) {

    static final int MAX_LIMIT = 500;
    static final int MAX_WAIT_SECONDS = 60;

    static InboxQuery of(String after, String limit, String wait) {
        return new InboxQuery(after == null ? null : number("after", after, 0, Long.MAX_VALUE),
                limit == null ? 100 : (int) number("limit", limit, 1, MAX_LIMIT),
                wait == null ? 0 : (int) number("wait", wait, 0, MAX_WAIT_SECONDS));
    }

    static long number(String name, String text, long min, long max) {
        try {
            long value = Long.parseLong(text.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidRequestException(name, "must be a whole number from " + min + " to " + max);
    }
}

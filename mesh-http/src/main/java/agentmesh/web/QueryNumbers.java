package agentmesh.web;

import agentmesh.problem.InvalidRequestException;

/**
 * Whole numbers from query parameters and headers, checked by hand: JAX-RS answers a query parameter that does
 * not convert with 404, and a wrong number deserves a 400 that names the parameter.
 */
public final class QueryNumbers {

    private QueryNumbers() {}

    public static long parse(String name, String text, long min, long max) {
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

    /** As {@link #parse}, with {@code fallback} when the parameter is absent. */
    public static int parse(String name, String text, int fallback, int min, int max) {
        return text == null ? fallback : (int) parse(name, text, min, max);
    }
}

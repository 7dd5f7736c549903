package agentmesh.system.bench;

/**
 * Benchmark message ids, {@code bench-<label>-<index>}, the label being its step's: a reader finds the send's record
 * from the id alone.
 */
final class BenchMessageId {

    private static final String PREFIX = "bench-";

    /** The parts of a benchmark message id. */
    record Parts(String label, int index) {}

    private BenchMessageId() {}

    static String of(String label, int index) {
        return PREFIX + label + "-" + index;
    }

    /** The label and index, or null for an id that is not a benchmark message's. */
    static Parts parse(String messageId) {
        if (messageId == null || !messageId.startsWith(PREFIX)) {
            return null;
        }
        int dash = messageId.lastIndexOf('-');
        if (dash <= PREFIX.length()) {
            return null;
        }
        try {
            return new Parts(
                    messageId.substring(PREFIX.length(), dash), Integer.parseInt(messageId.substring(dash + 1)));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

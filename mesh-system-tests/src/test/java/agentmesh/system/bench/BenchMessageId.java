package agentmesh.system.bench;

/** Benchmark message ids, {@code bench-<step>-<index>}: a reader finds the send's record from the id alone. */
final class BenchMessageId {

    private static final String PREFIX = "bench-";

    private BenchMessageId() {
    }

    static String of(int step, int index) {
        return PREFIX + step + "-" + index;
    }

    /** {step, index}, or null for an id that is not a benchmark message's. */
    static int[] parse(String messageId) {
        if (messageId == null || !messageId.startsWith(PREFIX)) {
            return null;
        }
        int dash = messageId.indexOf('-', PREFIX.length());
        if (dash < 0) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(messageId.substring(PREFIX.length(), dash)),
                    Integer.parseInt(messageId.substring(dash + 1))};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

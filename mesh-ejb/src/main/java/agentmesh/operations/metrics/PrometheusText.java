package agentmesh.operations.metrics;

/** Prometheus's text exposition format, version 0.0.4: HELP and TYPE once per family, then its samples. */
final class PrometheusText {

    private final StringBuilder text = new StringBuilder(8192);

    /** Labels as written between braces, from key, value pairs (values escaped); empty for none. */
    static String labels(String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("labels come as key, value pairs");
        }
        StringBuilder labels = new StringBuilder();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (i > 0) {
                labels.append(',');
            }
            labels.append(keysAndValues[i])
                    .append("=\"")
                    .append(keysAndValues[i + 1]
                            .replace("\\", "\\\\")
                            .replace("\"", "\\\"")
                            .replace("\n", "\\n"))
                    .append('"');
        }
        return labels.toString();
    }

    void header(String name, String help, String type) {
        text.append("# HELP ")
                .append(name)
                .append(' ')
                .append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    void sample(String name, String labels, long value) {
        start(name, labels).append(value).append('\n');
    }

    void sample(String name, String labels, double value) {
        StringBuilder line = start(name, labels);
        if (Double.isNaN(value)) {
            line.append("NaN");
        } else if (Double.isInfinite(value)) {
            line.append(value > 0 ? "+Inf" : "-Inf");
        } else {
            line.append(value);
        }
        line.append('\n');
    }

    private StringBuilder start(String name, String labels) {
        text.append(name);
        if (!labels.isEmpty()) {
            text.append('{').append(labels).append('}');
        }
        return text.append(' ');
    }

    @Override
    public String toString() {
        return text.toString();
    }
}

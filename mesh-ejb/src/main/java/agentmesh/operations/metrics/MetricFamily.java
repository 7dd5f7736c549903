package agentmesh.operations.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/** One metric family: its name, help, type and series, each series by its rendered labels. */
final class MetricFamily {

    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

    enum Type {
        COUNTER,
        GAUGE,
        HISTOGRAM,
        SUMMARY
    }

    /** A series writes its samples: one line, or a histogram's or summary's several. */
    @FunctionalInterface
    interface Series {
        void writeTo(PrometheusText out, String labels);
    }

    private final String name;
    private final String help;
    private final Type type;
    private final Map<String, Series> series = new ConcurrentSkipListMap<>();

    MetricFamily(String name, String help, Type type) {
        if (!NAME.matcher(name).matches()
                || (type == Type.COUNTER) != name.endsWith("_total")
                || help == null
                || help.isBlank()) {
            throw new IllegalArgumentException("Not a metric name by Prometheus's conventions, or no help: " + name
                    + " (" + type + "; a counter's name, and only a counter's, ends in _total)");
        }
        this.name = name;
        this.help = help;
        this.type = type;
    }

    void requireSame(String otherHelp, Type otherType) {
        if (type != otherType || !help.equals(otherHelp)) {
            throw new IllegalArgumentException("The metric " + name + " is registered already, as a " + type);
        }
    }

    /** The series with these labels, made by {@code create} (given the family's name) the first time. */
    <S extends Series> S series(String[] labels, Class<S> kind, Function<String, S> create) {
        return kind.cast(series.computeIfAbsent(PrometheusText.labels(labels), l -> create.apply(name)));
    }

    void replace(String[] labels, Series value) {
        series.put(PrometheusText.labels(labels), value);
    }

    void writeTo(PrometheusText out) {
        out.header(name, help, type.name().toLowerCase());
        series.forEach((labels, value) -> value.writeTo(out, labels));
    }
}

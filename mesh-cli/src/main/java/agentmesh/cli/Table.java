package agentmesh.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Text in aligned columns for people: a header line and rows ({@link #of}), or name-value lines ({@link #fields}).
 * An absent value shows as {@code -}; a table without rows says {@code (none)}.
 */
final class Table {

    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    private Table(List<String> headers) {
        this.headers = headers;
    }

    static Table of(String... headers) {
        return new Table(List.of(headers));
    }

    /** Lines of a name and its value, names aligned. */
    static Table fields() {
        return new Table(List.of());
    }

    Table row(Object... cells) {
        rows.add(Arrays.stream(cells).map(Table::cell).toList());
        return this;
    }

    String render() {
        List<List<String>> lines = new ArrayList<>();
        if (!headers.isEmpty()) {
            lines.add(headers);
        }
        lines.addAll(rows);
        if (lines.isEmpty()) {
            return "";
        }
        int columns = lines.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[columns];
        lines.forEach(line -> {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        });
        StringBuilder text = new StringBuilder();
        for (List<String> line : lines) {
            StringBuilder row = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                row.append(i == line.size() - 1 ? line.get(i) : pad(line.get(i), widths[i]) + GAP);
            }
            text.append(row.toString().stripTrailing()).append('\n');
        }
        if (rows.isEmpty()) {
            text.append("(none)\n");
        }
        return text.substring(0, text.length() - 1);
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }

    /** One line per cell: a multi-line error keeps its table readable. */
    private static String cell(Object value) {
        return value == null ? "-" : value.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}

package agentmesh.system.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One step's CPU profile of the server, from async-profiler's collapsed stacks ({@code frame;frame;… count}, root
 * first): its samples, their shares by {@link CpuCategory}, the leaf frames with the most samples of their own, and
 * the outermost mesh method outside {@code agentmesh.web} on each stack (which request or job the CPU went to: the
 * resource method, the dispatcher, the consumer, a filter's own lookups).
 *
 * @param engine     how the profiler sampled (perf events, or a CPU timer where they are not allowed)
 * @param samples    samples in all
 * @param categories samples per category, every category present
 * @param leaves     the leaf frames with the most samples, most first
 * @param entries    the outermost mesh methods outside {@code agentmesh.web} with the most samples, most first
 */
record ProfileBreakdown(
        String engine, long samples, Map<CpuCategory, Long> categories, List<Count> leaves, List<Count> entries) {

    static final int TOP_LEAVES = 15;
    static final int TOP_ENTRIES = 10;
    static final String NO_ENTRY = "(no mesh frame outside agentmesh.web)";

    record Count(String name, long samples) {}

    static ProfileBreakdown read(Path collapsed, String engine) {
        try {
            return of(engine, Files.readAllLines(collapsed));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ProfileBreakdown of(String engine, List<String> collapsedLines) {
        Map<CpuCategory, Long> categories = new EnumMap<>(CpuCategory.class);
        Arrays.stream(CpuCategory.values()).forEach(c -> categories.put(c, 0L));
        Map<String, Long> leaves = new HashMap<>();
        Map<String, Long> entries = new HashMap<>();
        long samples = 0;
        for (String line : collapsedLines) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            List<String> frames = List.of(line.substring(0, space).split(";"));
            samples += count;
            categories.merge(CpuCategory.of(frames), count, Long::sum);
            leaves.merge(CpuCategory.javaName(frames.get(frames.size() - 1)), count, Long::sum);
            entries.merge(entry(frames), count, Long::sum);
        }
        return new ProfileBreakdown(engine, samples, categories, top(leaves, TOP_LEAVES), top(entries, TOP_ENTRIES));
    }

    double share(CpuCategory category) {
        return samples == 0 ? 0 : (double) categories.get(category) / samples;
    }

    private static String entry(List<String> frames) {
        return frames.stream()
                .filter(CpuCategory::isJava)
                .map(CpuCategory::javaName)
                .filter(name -> name.startsWith("agentmesh.") && !name.startsWith("agentmesh.web."))
                .filter(name -> !name.contains("$Proxy$_$$_Weld") && !name.contains("__EJB31_Generated__"))
                .findFirst()
                .map(ProfileBreakdown::classAndMethod)
                .orElse(NO_ENTRY);
    }

    private static String classAndMethod(String name) {
        int method = name.lastIndexOf('.');
        int type = name.lastIndexOf('.', method - 1);
        return name.substring(type + 1);
    }

    private static List<Count> top(Map<String, Long> counts, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(limit)
                .map(e -> new Count(e.getKey(), e.getValue()))
                .toList();
    }
}

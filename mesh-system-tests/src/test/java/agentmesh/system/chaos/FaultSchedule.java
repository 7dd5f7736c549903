package agentmesh.system.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * When faults strike during a chaos run. Written as text so that a run can be repeated exactly:
 * {@code 15s consumer-crash, 90s kafka-stop 60s, 120s identity-timeout 15s} — seconds after the load started, the
 * fault, and for faults that last, how long (default: {@link FaultKind#defaultLength()}). Faults may overlap.
 */
final class FaultSchedule {

    private static final Pattern ITEM = Pattern.compile("(\\d+)s\\s+([a-z-]+)(?:\\s+(\\d+)s)?");

    private FaultSchedule() {}

    static List<ScheduledFault> parse(String text) {
        List<ScheduledFault> faults = new ArrayList<>();
        for (String item : text.split("[,;]")) {
            if (item.isBlank()) {
                continue;
            }
            Matcher matcher = ITEM.matcher(item.trim());
            if (!matcher.matches()) {
                throw new IllegalArgumentException(
                        "a fault is written '<seconds>s <fault> [<seconds>s]', not '" + item.trim() + "'");
            }
            FaultKind kind = FaultKind.of(matcher.group(2));
            Duration length = matcher.group(3) == null
                    ? kind.defaultLength()
                    : Duration.ofSeconds(Long.parseLong(matcher.group(3)));
            faults.add(new ScheduledFault(Duration.ofSeconds(Long.parseLong(matcher.group(1))), kind, length));
        }
        return sorted(faults);
    }

    static String format(List<ScheduledFault> faults) {
        return faults.stream().map(ScheduledFault::toString).collect(Collectors.joining(", "));
    }

    /**
     * A schedule for a long run: every kind of fault of one server and one broker in turn (each round of kinds shuffled), 40–90 s apart after the
     * previous one is over, and a third of them joined by a second fault a few seconds later. None starts in the
     * last 30 s of the load, so the run ends on a recovery.
     */
    static List<ScheduledFault> random(long seed, Duration load) {
        Random random = new Random(seed);
        List<FaultKind> bag = new ArrayList<>();
        List<ScheduledFault> faults = new ArrayList<>();
        long lastStart = load.toSeconds() - 30;
        long at = 20 + random.nextInt(20);
        while (at < lastStart) {
            FaultKind kind = next(bag, random, candidate -> true);
            faults.add(new ScheduledFault(Duration.ofSeconds(at), kind, kind.defaultLength()));
            long end = at + kind.defaultLength().toSeconds();
            if (random.nextInt(3) == 0) {
                FaultKind other = next(bag, random, candidate -> !candidate.breaksSamePartAs(kind));
                long otherAt = Math.min(at + 1 + random.nextInt(10), lastStart);
                faults.add(new ScheduledFault(Duration.ofSeconds(otherAt), other, other.defaultLength()));
                end = Math.max(end, otherAt + other.defaultLength().toSeconds());
            }
            at = end + 40 + random.nextInt(51);
        }
        return sorted(faults);
    }

    // The next kind of the current round that is allowed; a new shuffled round is queued behind when none is.
    private static FaultKind next(List<FaultKind> bag, Random random, Predicate<FaultKind> allowed) {
        while (true) {
            for (int i = bag.size() - 1; i >= 0; i--) {
                if (allowed.test(bag.get(i))) {
                    return bag.remove(i);
                }
            }
            List<FaultKind> round = new ArrayList<>(Arrays.stream(FaultKind.values())
                    .filter(kind -> !kind.clusterOnly())
                    .toList());
            Collections.shuffle(round, random);
            bag.addAll(0, round);
        }
    }

    private static List<ScheduledFault> sorted(List<ScheduledFault> faults) {
        faults.sort(Comparator.comparing(ScheduledFault::at));
        return List.copyOf(faults);
    }
}

package agentmesh.system.chaos;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the inboxes show after a run, against what the senders were told. Each list holds one line per violation;
 * the counts of sends and deliveries are context. A run passes only when every list of violations is empty.
 */
record Findings(
        int planned,
        int acknowledged,
        int replays,
        int unacknowledged,
        int delivered,
        int deliveredUnacknowledged,
        List<String> rejected,
        List<String> lost,
        List<String> duplicates,
        List<String> misdelivered,
        List<String> unexpected,
        List<String> outOfOrder,
        List<String> seqGaps,
        List<String> cursorGaps,
        List<String> readerMismatches) {

    /** The kinds of violation, by name, with their lines; in the order a report lists them. */
    Map<String, List<String>> violations() {
        Map<String, List<String>> violations = new LinkedHashMap<>();
        violations.put("lost (acknowledged, never delivered)", lost);
        violations.put("duplicates (delivered more than once)", duplicates);
        violations.put("out of order", outOfOrder);
        violations.put("seq gaps in tasks", seqGaps);
        violations.put("cursor gaps in inboxes", cursorGaps);
        violations.put("delivered elsewhere, or with another task or seq than acknowledged", misdelivered);
        violations.put("delivered without having been sent", unexpected);
        violations.put("live readers saw another inbox than the final read", readerMismatches);
        violations.put("sends refused for good (4xx)", rejected);
        return violations;
    }

    boolean passed() {
        return violations().values().stream().allMatch(List::isEmpty);
    }
}

package agentmesh.system.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The outcome of a chaos run, and its rendering as the Markdown tables the run prints: messages, duplicates
 * suppressed by layer, failed attempts, the outbox and dead letters at the end, faults with their recovery times,
 * latency, and the verdict. The run passes when nothing acknowledged was lost, duplicated or reordered, nothing is
 * left pending, and the run itself had no errors.
 */
record ChaosReport(
        ChaosProfile profile,
        Findings findings,
        List<FaultOutcome> faults,
        Map<AttemptOutcome, Integer> failedAttempts,
        long consumerDedupHits,
        int topicRecords,
        int topicDuplicates,
        Map<String, Long> outboxByStatus,
        List<String> outboxUnsent,
        List<String> deadLetters,
        long maxPending,
        long maxLag,
        List<Duration> latencies,
        Duration drainTime,
        boolean drained,
        List<String> errors) {

    private static final int EXAMPLES = 10;

    ChaosReport {
        latencies = latencies.stream().sorted().toList();
    }

    boolean passed() {
        return failures().isEmpty();
    }

    /** One line per reason the run fails; empty when it passes. */
    List<String> failures() {
        List<String> failures = new ArrayList<>();
        findings.violations().forEach((kind, lines) -> {
            if (!lines.isEmpty()) {
                failures.add(lines.size() + " " + kind);
            }
        });
        long pending = outboxByStatus.getOrDefault("PENDING", 0L);
        if (pending > 0) {
            failures.add(pending + " outbox events still pending");
        }
        if (!drained) {
            failures.add("not drained " + drainTime.toSeconds() + " s after the load ended");
        }
        if (!errors.isEmpty()) {
            failures.add(errors.size() + " errors of the run itself");
        }
        return failures;
    }

    String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%n## Chaos run, profile %s (seed %d)%n%n", profile.name(), profile.seed()));
        out.append(String.format(
                "%d agents, %.0f messages/s planned for %d s, %.1f %% of the 201s dropped by the"
                        + " client; %s after the load to drain.%n",
                profile.agents(),
                profile.ratePerSecond(),
                profile.load().toSeconds(),
                profile.lostAnswerShare() * 100,
                drained
                        ? String.format("%.1f s", drainTime.toMillis() / 1000.0)
                        : "did not drain in " + drainTime.toSeconds() + " s"));
        out.append("Faults: ").append(FaultSchedule.format(profile.faults())).append("\n");
        messages(out);
        duplicates(out);
        attempts(out);
        outbox(out);
        faults(out);
        latency(out);
        verdict(out);
        return out.toString();
    }

    private void messages(StringBuilder out) {
        table(
                out,
                "Messages",
                List.of("", "count"),
                List.of(
                        List.of("planned", n(findings.planned())),
                        List.of("acknowledged (2xx)", n(findings.acknowledged())),
                        List.of("unacknowledged (the sender gave up or was refused)", n(findings.unacknowledged())),
                        List.of("delivered (distinct, in the recipients' inboxes)", n(findings.delivered())),
                        List.of("delivered, though never acknowledged", n(findings.deliveredUnacknowledged())),
                        List.of("**lost**", n(findings.lost().size())),
                        List.of("**duplicates**", n(findings.duplicates().size())),
                        List.of("**out of order**", n(findings.outOfOrder().size())),
                        List.of("**seq gaps**", n(findings.seqGaps().size())),
                        List.of("**cursor gaps**", n(findings.cursorGaps().size()))));
    }

    private void duplicates(StringBuilder out) {
        table(
                out,
                "Duplicates suppressed, by layer",
                List.of("layer", "count"),
                List.of(
                        List.of(
                                "database unique key: a retried send answered 200 with the stored original",
                                n(findings.replays())),
                        List.of(
                                "topic: records published more than once (" + topicRecords + " records in all)",
                                n(topicDuplicates)),
                        List.of(
                                "consumer dedup table: redelivered records dropped (at least; counted per server life)",
                                Long.toString(consumerDedupHits))));
    }

    private void attempts(StringBuilder out) {
        List<List<String>> rows = new ArrayList<>();
        failedAttempts.forEach(
                (outcome, count) -> rows.add(List.of(outcome.name().toLowerCase(), n(count))));
        table(out, "Failed send attempts (each retried with the same messageId)", List.of("outcome", "attempts"), rows);
    }

    private void outbox(StringBuilder out) {
        List<List<String>> rows = new ArrayList<>();
        outboxByStatus.forEach(
                (status, count) -> rows.add(List.of("outbox " + status.toLowerCase(), count.toString())));
        rows.add(List.of("dead letters", n(deadLetters.size())));
        rows.add(List.of("largest outbox backlog seen (pending)", Long.toString(maxPending)));
        rows.add(List.of("largest consumer lag seen (records)", Long.toString(maxLag)));
        table(out, "Outbox and dead letters at the end", List.of("", "count"), rows);
        examples(out, "Outbox events not sent", outboxUnsent);
        examples(out, "Dead letters", deadLetters);
    }

    private void faults(StringBuilder out) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            FaultOutcome fault = faults.get(i);
            FaultRecord record = fault.record();
            rows.add(List.of(
                    Integer.toString(i + 1),
                    record.fault().kind().label(),
                    record.fault().at().toSeconds() + " s",
                    record.struck() ? seconds(record.downtime()) : "–",
                    record.detail(),
                    record.struck() ? seconds(fault.sendersCaughtUp()) : "–",
                    record.struck() ? seconds(fault.deliveriesCaughtUp()) : "–",
                    record.struck() ? attempts(fault.failedAttempts()) : "–"));
        }
        table(
                out,
                "Faults (recovery measured from the heal)",
                List.of(
                        "#",
                        "fault",
                        "at",
                        "lasted",
                        "what happened",
                        "senders caught up",
                        "deliveries caught up",
                        "senders' failed attempts, strike to caught up"),
                rows);
    }

    private static String attempts(Map<AttemptOutcome, Integer> failed) {
        return failed.isEmpty()
                ? "none"
                : failed.entrySet().stream()
                        .map(entry -> entry.getValue() + " "
                                + entry.getKey().name().toLowerCase().replace('_', ' '))
                        .collect(Collectors.joining(", "));
    }

    private void latency(StringBuilder out) {
        table(
                out,
                "Send commit → inbox delivery, server clock, all messages",
                List.of("p50", "p99", "max"),
                List.of(List.of(percentile(0.50), percentile(0.99), percentile(1.0))));
    }

    private void verdict(StringBuilder out) {
        List<String> failures = failures();
        out.append("\n### Verdict: ")
                .append(failures.isEmpty() ? "PASS" : "FAIL")
                .append("\n");
        failures.forEach(failure -> out.append("- ").append(failure).append("\n"));
        findings.violations().forEach((kind, lines) -> examples(out, kind, lines));
        examples(out, "Errors of the run", errors);
    }

    private String percentile(double p) {
        if (latencies.isEmpty()) {
            return "–";
        }
        int index = (int) Math.min(latencies.size() - 1, Math.ceil(p * latencies.size()) - 1);
        return seconds(latencies.get(Math.max(0, index)));
    }

    private static void table(StringBuilder out, String title, List<String> header, List<List<String>> rows) {
        out.append("\n### ").append(title).append("\n\n");
        out.append("| ").append(String.join(" | ", header)).append(" |\n");
        out.append("|").append("---|".repeat(header.size())).append("\n");
        rows.forEach(row -> out.append("| ").append(String.join(" | ", row)).append(" |\n"));
    }

    private static void examples(StringBuilder out, String title, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        out.append("\n")
                .append(title)
                .append(" (")
                .append(lines.size())
                .append(lines.size() > EXAMPLES ? ", the first " + EXAMPLES : "")
                .append("):\n");
        lines.stream()
                .limit(EXAMPLES)
                .forEach(line -> out.append("- ").append(line).append("\n"));
    }

    private static String seconds(Duration duration) {
        return duration == null ? "never" : String.format("%.2f s", duration.toMillis() / 1000.0);
    }

    private static String n(int count) {
        return Integer.toString(count);
    }
}

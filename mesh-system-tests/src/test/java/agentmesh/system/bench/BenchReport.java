package agentmesh.system.bench;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/** The benchmark's figures as a markdown report: ceilings, then each step, then what they mean as ratios. */
final class BenchReport {

    private final BenchResult result;
    private final StringBuilder out = new StringBuilder();

    private BenchReport(BenchResult result) {
        this.result = result;
    }

    static String render(BenchResult result) {
        return new BenchReport(result).write();
    }

    private String write() {
        line("# Agent Mesh benchmark, " + Instant.now().truncatedTo(ChronoUnit.SECONDS));
        line("");
        line(Runtime.getRuntime().availableProcessors() + " cores, everything on this machine (database, Kafka, "
                + result.server() + ", the load generator). "
                + result.settings().describe()
                + ". Open loop: each send has an intended time and latencies count from it. Latencies in ms.");
        speed();
        warmUp();
        ceilings();
        steps();
        summary();
        overload();
        cpu();
        profiles();
        database();
        generator();
        return out.toString();
    }

    private void speed() {
        line("");
        line("The machine's speed (MachineSpeed; a run's CPU and latency figures compare with another's only beside"
                + " it), CPU ms of one thread at the start (the stack idle) / at the end: SHA-256 of 64 MiB "
                + atStartAndEnd(MachineSpeed.Figures::computeMillis)
                + "; a random walk of a million steps through 64 MiB "
                + atStartAndEnd(MachineSpeed.Figures::memoryMillis) + ".");
    }

    private void warmUp() {
        BenchResult.WarmUp warmUp = result.warmUp();
        if (warmUp.length().isZero()) {
            return;
        }
        line("");
        line("Warmed up for " + warmUp.length().toSeconds() + " s; in its last "
                + BenchSettings.WARM_UP_ROUND.toSeconds() + " s " + result.server() + "'s JIT compiler threads used "
                + decimal(warmUp.compilerCores(), 3) + " cores.");
    }

    private String atStartAndEnd(ToDoubleFunction<MachineSpeed.Figures> figure) {
        return result.speed().stream()
                .map(speed -> decimal(figure.applyAsDouble(speed), 1))
                .collect(Collectors.joining(" / "));
    }

    private void ceilings() {
        RawCeilings.Figures c = result.ceilings();
        if (c == null) {
            return;
        }
        line("");
        line("## Raw ceilings, measured in this run");
        line("");
        line("| ceiling | figure |");
        line("|---|---|");
        c.dbTransactionsPerSecond()
                .forEach((threads, rate) -> line("| MariaDB transaction of two inserts, " + threads
                        + (threads == 1 ? " thread" : " threads") + " | " + number(rate) + " tx/s |"));
        line("| Kafka produce (acks=all, idempotent, linger 0), one at a time, 200/s | p50 "
                + ms(c.kafkaSyncMicros(), 50) + " ms, p99 " + ms(c.kafkaSyncMicros(), 99) + " ms |");
        line("| Kafka produce, as fast as it goes (300 B records) | " + number(c.kafkaAsyncPerSecond())
                + " records/s |");
        line("");
        line("HTTP ceilings: wrk (2 threads, " + c.meThroughFilters().connections()
                + " connections, closed loop) as the "
                + "generator, its own CPU per request beside each figure; the mesh load's own client on the same "
                + "request as a comparison (what that client can offer here, not a ceiling).");
        line("");
        line("| request | generator | served/s | non-2xx | socket errors | p50 / p99 ms | generator CPU per request |");
        line("|---|---|---|---|---|---|---|");
        wrkRow(
                "`GET /me` through the mesh's filters, " + RawCeilings.CEILING_AGENTS + " agents' tokens in turn",
                c.meThroughFilters());
        wrkRow("`GET /health/live`", c.healthLive());
        RawCeilings.LoadClient load = c.loadClient();
        line("| `GET /me` through the mesh's filters, " + result.settings().agents() + " agents' tokens in turn "
                + "| the mesh load's client, " + RawCeilings.HTTP_CONCURRENCY + " threads (comparison) | "
                + number(load.perSecond()) + " | " + load.refused() + " | – | " + ms(load.micros(), 50) + " / "
                + ms(load.micros(), 99) + " | " + decimal(load.cpuMillisPerRequest(), 3) + " ms (the test JVM) |");
    }

    private void wrkRow(String request, Wrk.Result wrk) {
        line("| " + request + " | wrk | " + number(wrk.servedPerSecond()) + " | " + wrk.non2xx() + " | "
                + (wrk.socketErrors() == 0 ? "0" : wrk.socketErrorsText()) + " | "
                + decimal(wrk.p50Micros() / 1000.0, 1) + " / " + decimal(wrk.p99Micros() / 1000.0, 1) + " | "
                + decimal(wrk.cpuMillisPerRequest(), 3) + " ms |");
    }

    private void steps() {
        line("");
        line("## Steps");
        line("");
        line(
                "| offered/s | achieved/s | admitted | refused and failed | send → answer p50 / p99 | send → seen p50 / p99 "
                        + "/ p99.9 | commit → Kafka ack p50 / p99 / p99.9 | commit → inbox p50 / p99 / p99.9 | backlog at end "
                        + "| sustained |");
        line("|---|---|---|---|---|---|---|---|---|---|");
        for (StepResult step : result.steps()) {
            StepRecorder s = step.sends();
            line("| " + step.rate() + " | " + number(step.achieved()) + " | "
                    + percent(s.accepted(), s.planned) + " | " + errors(s.errors()) + " | "
                    + ms(s.sendToAnswer, 50) + " / " + ms(s.sendToAnswer, 99) + " | "
                    + triple(s.sendToSeen) + " | " + triple(step.commitToAck()) + " | " + triple(s.commitToInbox)
                    + " | " + step.backlogAtEnd() + " | " + (step.sustained() ? "yes" : "no") + " |");
        }
        for (StepResult step : result.steps()) {
            StepRecorder s = step.sends();
            if (s.duplicates() > 0 || s.acceptedUnseen() > 0 || s.seenUnaccepted() > 0 || step.unpublished() > 0) {
                line("");
                line("At " + step.rate() + "/s: " + s.duplicates() + " messages seen twice, " + s.acceptedUnseen()
                        + " admitted but not seen within the drain time, " + s.seenUnaccepted()
                        + " seen though their send timed out, " + step.unpublished()
                        + " outbox events not yet published when measured.");
            }
        }
    }

    private void summary() {
        line("");
        line("## What the figures say");
        line("");
        Optional<StepResult> best = result.highestSustained();
        line("- Highest rate sustained (admitted ≥ 98 % of offered, at most one second's messages unseen at the end, "
                + "all seen within the drain time): "
                + best.map(s -> s.rate() + " messages/s").orElse("none") + ".");
        RawCeilings.Figures c = result.ceilings();
        if (c != null) {
            double ceiling = c.meThroughFilters().servedPerSecond();
            line("- Sustained / ceiling: "
                    + best.map(s -> number(s.achieved()) + " messages/s achieved at the highest "
                                    + "sustained step ÷ " + number(ceiling)
                                    + " `GET /me`/s through the filters (wrk) = "
                                    + ratio(s.achieved(), ceiling))
                            .orElse("no step sustained (ceiling " + number(ceiling) + " `GET /me`/s by wrk)")
                    + ".");
        }
        if (best.isPresent() && c != null) {
            double rate = best.get().achieved();
            line("- As ratios of the raw ceilings: "
                    + ratio(rate, c.dbTransactionsPerSecond().get(1)) + " of a single "
                    + "connection's two-insert transactions/s, "
                    + ratio(rate, c.dbTransactionsPerSecond().get(16))
                    + " of 16 connections'.");
            line("- Commit → Kafka ack p99 at that rate " + ms(best.get().commitToAck(), 99) + " ms against a plain "
                    + "produce's p99 of " + ms(c.kafkaSyncMicros(), 99) + " ms.");
        }
        result.steps().stream()
                .filter(s -> s.rate() == 500)
                .findFirst()
                .ifPresent(s -> line(
                        "- At 500/s, send → " + "seen p99 " + ms(s.sends().sendToSeen, 99) + " ms (target ≤ 100 ms)."));
        result.steps().stream()
                .max((a, b) -> Integer.compare(a.rate(), b.rate()))
                .ifPresent(s -> line("- At "
                        + s.rate() + "/s offered: " + s.unexpectedErrors()
                        + " answers other than 2xx, 429 and 503 with "
                        + "Retry-After; the admitted messages' send → seen p99 " + ms(s.sends().sendToSeen, 99)
                        + " ms."));
    }

    private void overload() {
        WrkOverload.Result o = result.overload();
        if (o == null) {
            if (result.settings().overload() > 0) {
                line("");
                line(
                        "No overload step: it offers a multiple of the highest sustained rate, and no step was sustained.");
            }
            return;
        }
        Wrk.Result wrk = o.wrk();
        line("");
        line("## Overload, by wrk beside the reading agents");
        line("");
        line(result.settings().overload() + " × the highest sustained rate (" + o.sustained() + "/s) meant: "
                + o.meant() + " sends/s for " + decimal(wrk.seconds(), 1) + " s, at most " + wrk.connections()
                + " in flight (wrk: 2 threads, each on a schedule of half the rate; a send whose slot has passed "
                + "starts at once).");
        line("");
        line("| meant/s | offered/s | accepted/s | accepted ÷ sustained (target ≥ 0.90) | refusals | other answers "
                + "| socket errors | p50 / p99 / max ms | generator CPU per request |");
        line("|---|---|---|---|---|---|---|---|---|");
        line("| " + o.meant() + " | " + number(o.offeredPerSecond()) + " | " + number(o.acceptedPerSecond()) + " | "
                + decimal(o.acceptedPerSecond() / o.sustained(), 2) + " | " + errors(o.refusals()) + " | "
                + o.unexpected() + " | " + wrk.socketErrorsText() + " | " + decimal(wrk.p50Micros() / 1000.0, 1)
                + " / " + decimal(wrk.p99Micros() / 1000.0, 1) + " / " + decimal(wrk.maxMicros() / 1000.0, 1)
                + " | " + decimal(wrk.cpuMillisPerRequest(), 3) + " ms |");
        line("");
        line("Latencies are wrk's, of every send from its write (accepted and refused together: wrk does not "
                + "time answers by status); \"other answers\" are those neither 2xx nor a 429 or 503 with "
                + "Retry-After.");
        overloadCpu(o);
        timed(o);
    }

    /** How many of the cores each process kept busy during the overload step (wrk: while it ran). */
    private void overloadCpu(WrkOverload.Result o) {
        double seconds = o.cpuWindowSeconds();
        double wrkCores = o.wrk().cpuSeconds() / o.wrk().seconds();
        double cores = wrkCores
                + o.cpuSeconds().values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum()
                        / seconds;
        line("");
        line("CPU meanwhile, cores busy by process: "
                + o.cpuSeconds().entrySet().stream()
                        .map(e -> e.getKey() + " " + decimal(e.getValue() / seconds, 2))
                        .collect(Collectors.joining(", "))
                + ", wrk " + decimal(wrkCores, 2) + "; all " + decimal(cores, 2) + ".");
    }

    /** The benchmark's own sends among wrk's: admitted and refused timed apart, against the sustained step. */
    private void timed(WrkOverload.Result o) {
        StepRecorder timed = o.timed();
        StepRecorder sustained = result.highestSustained().orElseThrow().sends();
        line("");
        line("Among them, " + timed.planned + " sends by the benchmark's own sender (" + timed.rate
                + "/s, open loop), timed from their intended start: " + timed.accepted() + " admitted ("
                + percent(timed.accepted(), timed.planned) + "), refusals " + errors(timed.errors()) + ".");
        line("");
        line("| timed sends | p50 ms | p99 ms | max ms |");
        line("|---|---|---|---|");
        latencyRow("admitted, send → answer", timed.sendToAnswer);
        openedApart(timed.sendToAnswer, timed.sendToAnswerOpened);
        latencyRow("admitted, send → seen", timed.sendToSeen);
        latencyRow("refused, send → answer (target: within 100 ms)", timed.sendToRefusal);
        openedApart(timed.sendToRefusal, timed.sendToRefusalOpened);
        latencyRow("of those times, the sender's own lag in starting a send", timed.pacerLag);
        latencyRow(
                "meanwhile, a request the server does nothing for (" + NoOpProbe.RATE + "/s, `GET /health/live`, "
                        + o.noOp().failed() + " not answered 200)",
                o.noOp().micros());
        latencyRow("the sustained step (" + sustained.rate + "/s), send → answer", sustained.sendToAnswer);
        latencyRow("the sustained step, send → seen", sustained.sendToSeen);
    }

    // A 503 ends its connection on Payara (Grizzly's rule): the send after it pays a connect and an accept.
    private void openedApart(Histogram all, Histogram opened) {
        Histogram kept = all.copy();
        kept.subtract(opened);
        latencyRow("of them, on a connection opened for the send (" + opened.getTotalCount() + ")", opened);
        latencyRow("of them, on a connection kept from the send before (" + kept.getTotalCount() + ")", kept);
    }

    private void latencyRow(String label, Histogram micros) {
        line("| " + label + " | " + ms(micros, 50) + " | " + ms(micros, 99) + " | " + ms(micros, 100) + " |");
    }

    private void cpu() {
        line("");
        line("## CPU seconds per 1,000 admitted messages");
        line("");
        StepResult first = result.steps().get(0);
        line("| offered/s | " + String.join(" | ", first.cpuSeconds().keySet()) + " | all | cores busy | of "
                + result.server() + "'s, its JIT compilers |");
        line("|---|" + "---|".repeat(first.cpuSeconds().size() + 3));
        for (StepResult step : result.steps()) {
            double perThousand = 1000.0 / Math.max(1, step.sends().accepted());
            double total = step.cpuSeconds().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
            line("| " + step.rate() + " | "
                    + step.cpuSeconds().values().stream()
                            .map(v -> decimal(v * perThousand, 2))
                            .collect(Collectors.joining(" | "))
                    + " | " + decimal(total * perThousand, 2) + " | " + decimal(total / step.seconds(), 2) + " | "
                    + decimal(step.serverCompilerSeconds() * perThousand, 2) + " |");
        }
    }

    private void profiles() {
        for (StepResult step : result.steps()) {
            profile(
                    "at " + step.rate() + "/s",
                    Integer.toString(step.rate()),
                    "ms per admitted message",
                    step.profile(),
                    step.cpuSeconds(),
                    step.sends().accepted());
        }
        WrkOverload.Result overload = result.overload();
        if (overload != null) {
            profile(
                    "under overload",
                    "overload",
                    "ms per admitted message, the refusals' CPU included",
                    overload.profile(),
                    overload.cpuSeconds(),
                    overload.accepted() + overload.timed().accepted());
        }
    }

    private void profile(
            String when,
            String file,
            String perAdmitted,
            ProfileBreakdown profile,
            Map<String, Double> cpuSeconds,
            long admitted) {
        if (profile == null) {
            return;
        }
        double serverSeconds = cpuSeconds.getOrDefault(result.server(), Double.NaN);
        line("");
        line("## Where " + result.server() + "'s CPU went " + when + " (async-profiler)");
        line("");
        line(number(profile.samples()) + " samples, " + profile.engine() + ", one per " + ServerProfiler.INTERVAL
                + " of CPU: " + decimal(profile.samples() / 1000.0, 1) + " s sampled of the "
                + decimal(serverSeconds, 1) + " s " + result.server() + " used in the step ("
                + decimal(serverSeconds * 1000 / Math.max(1, admitted), 2)
                + " " + perAdmitted
                + "); stacks in `target/bench-profile-" + file
                + ".collapsed`. A sample counts for the innermost library on its stack (JDK frames count for "
                + "their caller; \"self\": the mesh's own code, not what it calls); stacks without a Java frame "
                + "are the JVM's own threads.");
        line("");
        line("| category | samples | share |");
        line("|---|---|---|");
        profile.categories().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<CpuCategory, Long>comparingByValue().reversed())
                .forEach(e -> line("| " + e.getKey().label + " | " + number(e.getValue()) + " | "
                        + percent(e.getValue(), profile.samples()) + " |"));
        counts("top leaf frames (self samples)", profile.leaves(), profile.samples());
        counts(
                "outermost mesh method outside agentmesh.web (what the CPU was for)",
                profile.entries(),
                profile.samples());
    }

    private void counts(String heading, List<ProfileBreakdown.Count> counts, long samples) {
        line("");
        line("| " + heading + " | samples | share |");
        line("|---|---|---|");
        counts.forEach(count -> line("| `" + count.name() + "` | " + number(count.samples()) + " | "
                + percent(count.samples(), samples) + " |"));
    }

    private void database() {
        line("");
        line("## MariaDB per admitted message (SHOW GLOBAL STATUS deltas)");
        line("");
        line("| offered/s | " + String.join(" | ", DatabaseStatus.COUNTERS) + " |");
        line("|---|" + "---|".repeat(DatabaseStatus.COUNTERS.size()));
        for (StepResult step : result.steps()) {
            double per = 1.0 / Math.max(1, step.sends().accepted());
            line("| " + step.rate() + " | "
                    + DatabaseStatus.COUNTERS.stream()
                            .map(name -> decimal(step.database().getOrDefault(name, 0L) * per, 2))
                            .collect(Collectors.joining(" | "))
                    + " |");
        }
    }

    private void generator() {
        line("");
        line("## The load generator");
        line("");
        line("It is not the bottleneck while it starts each send on time: the pacer's lag behind the schedule "
                + "(p99 / max, ms) per step: "
                + result.steps().stream()
                        .map(s -> s.rate() + "/s " + ms(s.sends().pacerLag, 99) + " / "
                                + decimal(s.sends().pacerLag.getMaxValue() / 1000.0, 1))
                        .collect(Collectors.joining(", "))
                + ".");
        line("");
        line("Its own CPU (the test JVM's: senders, inbox readers, bookkeeping) per HTTP request it made during each "
                + "step, sends and inbox reads together (target ≤ 0.3 ms): "
                + result.steps().stream()
                        .map(s -> s.rate() + "/s " + decimal(s.generatorMillisPerRequest(), 3) + " ms ("
                                + number(s.sends().planned) + " sends + " + number(s.readRequests()) + " reads)")
                        .collect(Collectors.joining(", "))
                + ". Per admitted message it is the CPU table's load generator column.");
        line("");
        line("Inbox reads: " + result.readRequests() + " requests; failures: "
                + (result.readFailures().isEmpty() ? "none" : errors(result.readFailures())) + ".");
    }

    private static String errors(Map<String, Long> errors) {
        return errors.isEmpty()
                ? "–"
                : errors.entrySet().stream()
                        .map(e -> e.getValue() + " × " + e.getKey())
                        .collect(Collectors.joining(", "));
    }

    private static String triple(Histogram h) {
        return ms(h, 50) + " / " + ms(h, 99) + " / " + ms(h, 99.9);
    }

    static String ms(Histogram micros, double percentile) {
        if (micros.getTotalCount() == 0) {
            return "–";
        }
        return decimal(micros.getValueAtPercentile(percentile) / 1000.0, 1);
    }

    private static String ratio(double value, double ceiling) {
        return decimal(value / ceiling, 2) + " ×";
    }

    private static String percent(long part, long whole) {
        return decimal(100.0 * part / Math.max(1, whole), 1) + " %";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String decimal(double value, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", value);
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}

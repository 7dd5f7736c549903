package agentmesh.system.bench;

import static org.awaitility.Awaitility.await;

import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshDatabase;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One benchmark run on a running stack: registers the agents, measures the raw ceilings, starts every agent reading
 * its inbox, warms up, then offers each step's rate and measures it (client clock, server clock, CPU per process,
 * database counters).
 */
final class BenchRun {

    private static final Logger LOG = Logger.getLogger(BenchRun.class.getName());

    static final String LOAD_GENERATOR = "load generator";

    private final MeshStack stack;
    private final BenchSettings settings;
    private final StackConfig config;
    private final URI base;

    BenchRun(MeshStack stack, BenchSettings settings) {
        this.stack = stack;
        this.settings = settings;
        this.config = stack.config();
        this.base = stack.config().baseUri();
    }

    BenchResult run() throws Exception {
        LOG.info("Measuring the machine's speed");
        MachineSpeed.Figures speedAtStart = MachineSpeed.measure();
        MeshClient mesh = new MeshClient(base, OpenLoopSender.REQUEST_TIMEOUT);
        BenchAgents agents = BenchAgents.register(mesh, settings.pairs());
        RawCeilings.Figures ceilings = null;
        if (settings.ceilings()) {
            LOG.info("Measuring the raw ceilings");
            List<String> tokens = IntStream.range(0, RawCeilings.CEILING_AGENTS)
                    .mapToObj(i -> mesh.registerAgent("bench-ceiling").token())
                    .toList();
            ceilings = RawCeilings.measure(config, base, stack.server().managementUri(), agents, tokens);
        }
        Map<String, StepRecorder> recorders = new ConcurrentHashMap<>();
        BenchReaders readers = new BenchReaders(base, settings.readers(), recorders);
        OpenLoopSender sender = new OpenLoopSender(base, agents, settings.newTaskShare(), settings.maxInFlight());
        Map<String, Long> processes = processes();
        ProcessCpu cpu = new ProcessCpu(processes);
        Optional<ServerProfiler> profiler = ServerProfiler.fromSystemProperties(
                Optional.ofNullable(processes.get(stack.config().server().title())));
        List<StepResult> steps = new ArrayList<>();
        BenchResult.WarmUp warmUp;
        WrkOverload.Result overload = null;
        readers.start(agents);
        try {
            warmUp = warmUp(sender, recorders, cpu);
            int number = 1;
            for (int rate : settings.rates()) {
                StepRecorder recorder = new StepRecorder(
                        number++, rate, (int) (rate * settings.step().toSeconds()));
                recorders.put(recorder.label, recorder);
                LOG.info(() -> "Step " + recorder.step + ": " + rate + " messages/s for "
                        + settings.step().toSeconds() + " s");
                steps.add(step(recorder, sender, readers, cpu, profiler));
            }
            overload = overload(steps, agents, sender, recorders, cpu, profiler);
        } finally {
            readers.stop();
            sender.close();
        }
        MachineSpeed.Figures speedAtEnd = MachineSpeed.measure();
        return new BenchResult(
                stack.config().server().title(),
                settings,
                List.of(speedAtStart, speedAtEnd),
                warmUp,
                ceilings,
                steps,
                overload,
                readers.failures(),
                readers.requests());
    }

    /**
     * Offers the warm-up rate in rounds of {@link BenchSettings#WARM_UP_ROUND} for at least {@code bench.warmup-seconds},
     * then on until the server's JIT compiler threads used less than {@link BenchSettings#JIT_SETTLED_CORES} in the
     * last round, or for {@code bench.warmup-max-seconds} in all.
     */
    private BenchResult.WarmUp warmUp(OpenLoopSender sender, Map<String, StepRecorder> recorders, ProcessCpu cpu) {
        String server = config.server().title();
        int rate = settings.warmUpRate();
        long roundSeconds = BenchSettings.WARM_UP_ROUND.toSeconds();
        Duration warmed = Duration.ZERO;
        double compilerCores = Double.NaN;
        List<StepRecorder> rounds = new ArrayList<>();
        if (!settings.warmUp().isZero()) {
            LOG.info(() -> "Warming up at " + rate + "/s for "
                    + settings.warmUp().toSeconds() + " s and on while the server's JIT compilers work");
        }
        while (warmed.compareTo(settings.warmUp()) < 0
                || (compilerCores >= BenchSettings.JIT_SETTLED_CORES
                        && warmed.compareTo(settings.warmUpLongest()) < 0)) {
            StepRecorder round = new StepRecorder(0, rate, (int) (rate * roundSeconds));
            recorders.put(round.label, round);
            rounds.add(round);
            double compilerBefore = cpu.compilerSeconds(server);
            long start = System.nanoTime();
            sender.offer(round);
            double seconds = (System.nanoTime() - start) / 1e9;
            compilerCores = (cpu.compilerSeconds(server) - compilerBefore) / seconds;
            warmed = warmed.plus(BenchSettings.WARM_UP_ROUND);
            LOG.info(String.format(
                    Locale.ROOT,
                    "Warm-up at %d s: the server's JIT compilers used %.3f cores",
                    warmed.toSeconds(),
                    compilerCores));
        }
        rounds.forEach(this::settle);
        return new BenchResult.WarmUp(warmed, compilerCores);
    }

    /**
     * Sends by wrk at {@code bench.overload} × the highest sustained step's rate, the agents reading meanwhile, and a
     * few of the benchmark's own among them, timed.
     */
    private WrkOverload.Result overload(
            List<StepResult> steps,
            BenchAgents agents,
            OpenLoopSender sender,
            Map<String, StepRecorder> recorders,
            ProcessCpu cpu,
            Optional<ServerProfiler> profiler)
            throws Exception {
        if (settings.overload() <= 0) {
            return null;
        }
        Optional<StepResult> sustained = BenchResult.highestSustained(steps);
        if (sustained.isEmpty()) {
            LOG.info("No step sustained: no overload step");
            return null;
        }
        int rate = sustained.get().rate();
        LOG.info(() -> "Overload: " + settings.overload() + " × " + rate + " messages/s for "
                + settings.overloadTime().toSeconds() + " s, by wrk");
        StepRecorder timed = new StepRecorder(steps.size() + 1, WrkOverload.TIMED_RATE, (int)
                (WrkOverload.TIMED_RATE * settings.overloadTime().toSeconds()));
        recorders.put(timed.label, timed);
        profiler.ifPresent(ServerProfiler::start);
        Map<String, Double> cpuBefore = cpu.sample();
        long start = System.nanoTime();
        WrkOverload.Result offered = WrkOverload.offer(
                base,
                stack.server().managementUri(),
                agents,
                rate,
                settings.overload(),
                settings.overloadTime(),
                sender,
                timed);
        Map<String, Double> cpuUsed = ProcessCpu.used(cpuBefore, cpu.sample());
        double seconds = (System.nanoTime() - start) / 1e9;
        ProfileBreakdown profile = profiler.map(p -> p.stop(Path.of("target", "bench-profile-overload.collapsed")))
                .orElse(null);
        WrkOverload.Result overload = offered.measured(cpuUsed, seconds, profile);
        settle(timed);
        return overload;
    }

    private StepResult step(
            StepRecorder recorder,
            OpenLoopSender sender,
            BenchReaders readers,
            ProcessCpu cpu,
            Optional<ServerProfiler> profiler) {
        long firstEvent = newestOutboxId();
        long readsBefore = readers.requests();
        // Started before the CPU is read and stopped after: its own start and its writing out are not the step's.
        profiler.ifPresent(ServerProfiler::start);
        Map<String, Double> cpuBefore = cpu.sample();
        String server = config.server().title();
        double compilerBefore = cpu.compilerSeconds(server);
        Map<String, Long> dbBefore = DatabaseStatus.sample(config);
        long start = System.nanoTime();
        sender.offer(recorder);
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Double> cpuAfter = cpu.sample();
        double compilerSeconds = cpu.compilerSeconds(server) - compilerBefore;
        ProfileBreakdown profile = profiler.map(
                        p -> p.stop(Path.of("target", "bench-profile-" + recorder.rate + ".collapsed")))
                .orElse(null);
        long reads = readers.requests() - readsBefore;
        Map<String, Long> dbAfter = DatabaseStatus.sample(config);
        int backlogAtEnd = recorder.acceptedUnseen();
        boolean drained = settle(recorder);
        long lastEvent = newestOutboxId();
        Map<String, Double> cpuUsed = ProcessCpu.used(cpuBefore, cpuAfter);
        List<List<Object>> dispatch = MeshDatabase.query(
                config,
                "SELECT TIMESTAMPDIFF(MICROSECOND, created_at,"
                        + " sent_at) FROM outbox_event WHERE id > ? AND id <= ? AND status = 'SENT'",
                firstEvent,
                lastEvent);
        Histogram commitToAck = new Histogram(3_600_000_000L, 3);
        dispatch.forEach(row -> commitToAck.recordValue(Math.max(0, ((Number) row.get(0)).longValue())));
        int unpublished = (int) (lastEvent - firstEvent - dispatch.size());
        return new StepResult(
                recorder.rate,
                seconds,
                recorder,
                commitToAck,
                unpublished,
                backlogAtEnd,
                drained,
                cpuUsed,
                compilerSeconds,
                reads,
                DatabaseStatus.delta(dbBefore, dbAfter),
                profile);
    }

    /** Waits for every answer, then for every admitted message to be seen; false if that took over the drain time. */
    private boolean settle(StepRecorder recorder) {
        try {
            // A send waits at most its connection's 5 s and its answer's REQUEST_TIMEOUT.
            await().atMost(OpenLoopSender.REQUEST_TIMEOUT.plusSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> recorder.accepted()
                                    + recorder.errors().values().stream()
                                            .mapToLong(Long::longValue)
                                            .sum()
                            >= recorder.planned);
            await().atMost(settings.drain())
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> recorder.acceptedUnseen() == 0);
            return true;
        } catch (ConditionTimeoutException e) {
            return false;
        }
    }

    private long newestOutboxId() {
        return MeshDatabase.count(config, "SELECT COALESCE(MAX(id), 0) FROM outbox_event");
    }

    private Map<String, Long> processes() {
        Map<String, Long> pids = new LinkedHashMap<>();
        stack.server().pid().ifPresent(p -> pids.put(stack.config().server().title(), p.pid()));
        ProcessCpu.pidOf("mariadbd", "mysqld").ifPresent(pid -> pids.put("MariaDB", pid));
        stack.kafka().flatMap(broker -> broker.process()).ifPresent(p -> pids.put("Kafka", p.pid()));
        pids.put(LOAD_GENERATOR, ProcessHandle.current().pid());
        return pids;
    }
}

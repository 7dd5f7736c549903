package agentmesh.system.bench;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What a benchmark run offers, from system properties ({@code ./mesh bench -Dbench.rates=500,1000}); docs/TESTING.md's
 * benchmark section lists them.
 *
 * @param pairs          agents in pairs, each sending to its partner and reading its own inbox
 * @param readers        how the agents read: {@code long-poll} or {@code sse}
 * @param warmUp         load before the first measured step at least, so that the figures are not the JIT's; it goes
 *                       on while the server's JIT compilers still work ({@link #JIT_SETTLED_CORES})
 * @param warmUpLongest  the longest warm-up, however busy the compilers stay
 * @param warmUpRate     messages/s during the warm-up
 * @param rates          the measured steps, messages/s offered, in order
 * @param step           how long each step offers its rate
 * @param newTaskShare   share of sends that open a new task; the others go into the sender's standing task
 * @param drain          how long after a step its messages may still arrive before they count as not seen
 * @param ceilings       whether to measure the raw ceilings (database, Kafka, HTTP) before the steps
 * @param maxInFlight    sends the load generator keeps open at most, as a client's connection pool does
 * @param overload       the overload step's rate as a multiple of the highest sustained step's (0: no such step)
 * @param overloadTime   how long the overload step offers its rate
 */
record BenchSettings(
        int pairs,
        ReaderMode readers,
        Duration warmUp,
        Duration warmUpLongest,
        int warmUpRate,
        List<Integer> rates,
        Duration step,
        double newTaskShare,
        Duration drain,
        boolean ceilings,
        int maxInFlight,
        int overload,
        Duration overloadTime) {

    /**
     * The warm-up ends once the server's JIT compiler threads used less than this many cores over its last
     * {@link #WARM_UP_ROUND}: on this 2-core machine C2 was still using 0.37 cores in the first half of the step
     * after a 5-minute warm-up at 300/s, a quarter of the server's CPU per message at 250/s.
     */
    static final double JIT_SETTLED_CORES = 0.05;

    static final Duration WARM_UP_ROUND = Duration.ofSeconds(30);

    enum ReaderMode {
        LONG_POLL,
        SSE
    }

    static BenchSettings fromSystemProperties() {
        return new BenchSettings(
                Integer.getInteger("bench.pairs", 50),
                ReaderMode.valueOf(System.getProperty("bench.readers", "long-poll")
                        .toUpperCase()
                        .replace('-', '_')),
                Duration.ofSeconds(Integer.getInteger("bench.warmup-seconds", 180)),
                Duration.ofSeconds(Integer.getInteger("bench.warmup-max-seconds", 900)),
                Integer.getInteger("bench.warmup-rate", 300),
                Arrays.stream(System.getProperty("bench.rates", "250,500,1000,1500,2000,3000")
                                .split(","))
                        .map(String::trim)
                        .map(Integer::parseInt)
                        .toList(),
                Duration.ofSeconds(Integer.getInteger("bench.step-seconds", 60)),
                Double.parseDouble(System.getProperty("bench.new-task-share", "0.1")),
                Duration.ofSeconds(Integer.getInteger("bench.drain-seconds", 10)),
                Boolean.parseBoolean(System.getProperty("bench.ceilings", "true")),
                Integer.getInteger("bench.max-in-flight", 256),
                Integer.getInteger("bench.overload", 4),
                Duration.ofSeconds(Integer.getInteger("bench.overload-seconds", 30)));
    }

    /** A short run for the smoke test: a few agents, one low rate, no warm-up, no ceilings, no overload. */
    static BenchSettings smoke(ReaderMode readers) {
        return new BenchSettings(
                5,
                readers,
                Duration.ZERO,
                Duration.ZERO,
                0,
                List.of(50),
                Duration.ofSeconds(10),
                0.1,
                Duration.ofSeconds(10),
                false,
                64,
                0,
                Duration.ZERO);
    }

    int agents() {
        return pairs * 2;
    }

    String describe() {
        return agents() + " agents in " + pairs + " pairs, readers by "
                + readers.name().toLowerCase().replace('_', '-')
                + ", " + step.toSeconds() + " s per step, " + Math.round(newTaskShare * 100) + " % of sends open a task"
                + (warmUp.isZero()
                        ? ", no warm-up"
                        : ", warm-up at " + warmUpRate + "/s for " + warmUp.toSeconds() + " s and on, to at most "
                                + warmUpLongest.toSeconds() + " s, until the server's JIT compilers use less than "
                                + Math.round(JIT_SETTLED_CORES * 100) + " % of a core")
                + ", at most " + maxInFlight
                + " sends in flight";
    }
}

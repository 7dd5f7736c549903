package agentmesh.system.chaos;

import java.time.Duration;
import java.util.List;

/**
 * What a chaos run does: how many agents send, how fast in all, for how long, which faults strike when, and how long
 * the mesh may take afterwards to deliver what it accepted. Three named profiles, {@code short}, {@code long} and
 * {@code cluster} (on the cluster topology); every value can be overridden with a system property
 * ({@code -Dchaos.profile=long -Dchaos.rate=60 …}, see docs/TESTING.md).
 */
record ChaosProfile(
        String name,
        int agents,
        double ratePerSecond,
        double lostAnswerShare,
        Duration load,
        Duration drainTimeout,
        long seed,
        List<ScheduledFault> faults) {

    /**
     * About five minutes of load with every kind of fault at least once, some at the same time: two server crashes
     * (the second during an identity outage and a pool loss), the broker down for a minute (with a consumer crash,
     * an identity outage and a pool loss during it) and killed once, four consumer crashes, four pool losses.
     */
    static final String SHORT_SCHEDULE = "15s consumer-crash, 30s db-connections, 45s payara-kill,"
            + " 90s kafka-stop 60s, 105s consumer-crash, 120s identity-timeout 15s, 135s db-connections,"
            + " 170s kafka-kill 5s, 190s identity-timeout 20s, 200s db-connections, 205s payara-kill,"
            + " 245s consumer-crash, 260s db-connections, 275s consumer-crash";

    /**
     * About five and a half minutes of load on the cluster topology (three Kafka nodes, two instances behind
     * HAProxy): the first instance paused (SIGSTOP) for 20 s, the leader of most partitions killed twice, the second
     * instance killed (its restart under this load has taken up to 220 s, so no other instance fault follows it), a
     * broker stopped for a minute with a consumer crash during it, the first instance's pool lost twice.
     */
    static final String CLUSTER_SCHEDULE = "15s instance-pause 20s, 45s leader-kill 5s, 60s instance-kill,"
            + " 90s instance-db-connections, 130s broker-stop 60s, 150s consumer-crash, 250s leader-kill 5s,"
            + " 300s instance-db-connections";

    private static final long DEFAULT_SEED = 20261202L;

    /** Whether the run needs the cluster topology: three Kafka nodes, two instances behind a balancer. */
    boolean cluster() {
        return name.equals("cluster");
    }

    ChaosProfile {
        if (agents < 2 || ratePerSecond <= 0 || load.isNegative() || load.isZero()) {
            throw new IllegalArgumentException("a chaos run needs at least 2 agents, a positive rate and a load time");
        }
        if (lostAnswerShare < 0 || lostAnswerShare >= 1) {
            throw new IllegalArgumentException("chaos.lost-answers is a share from 0 to below 1");
        }
        faults = List.copyOf(faults);
    }

    /** The profile {@code chaos.profile} names ({@code short} by default), with the overrides given. */
    static ChaosProfile fromSystemProperties() {
        String name = System.getProperty("chaos.profile", "short");
        Duration load = Duration.ofSeconds(Long.getLong(
                "chaos.seconds",
                switch (name) {
                    case "short" -> 300L;
                    case "cluster" -> 330L;
                    case "long" -> 1800L;
                    default ->
                        throw new IllegalArgumentException("chaos.profile is short, long or cluster, not " + name);
                }));
        long seed = Long.getLong("chaos.seed", DEFAULT_SEED);
        String schedule = System.getProperty("chaos.faults");
        List<ScheduledFault> faults = schedule != null
                ? FaultSchedule.parse(schedule)
                : switch (name) {
                    case "short" -> FaultSchedule.parse(SHORT_SCHEDULE);
                    case "cluster" -> FaultSchedule.parse(CLUSTER_SCHEDULE);
                    default -> FaultSchedule.random(seed, load);
                };
        return new ChaosProfile(
                name,
                Integer.getInteger("chaos.agents", 20),
                Double.parseDouble(System.getProperty("chaos.rate", "40")),
                Double.parseDouble(System.getProperty("chaos.lost-answers", "0.01")),
                load,
                Duration.ofSeconds(Long.getLong("chaos.drain-seconds", 180)),
                seed,
                faults);
    }
}

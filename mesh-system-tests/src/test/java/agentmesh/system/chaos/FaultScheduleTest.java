package agentmesh.system.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    @Test
    void faultsAreReadInTimeOrderWithTheirOwnOrTheDefaultLength() {
        List<ScheduledFault> faults =
                FaultSchedule.parse("90s kafka-stop 30s, 15s consumer-crash; 40s identity-timeout");

        assertEquals(
                List.of(
                        new ScheduledFault(Duration.ofSeconds(15), FaultKind.CONSUMER_CRASH, Duration.ZERO),
                        new ScheduledFault(Duration.ofSeconds(40), FaultKind.IDENTITY_TIMEOUT, Duration.ofSeconds(20)),
                        new ScheduledFault(Duration.ofSeconds(90), FaultKind.KAFKA_STOP, Duration.ofSeconds(30))),
                faults);
    }

    @Test
    void aScheduleIsWrittenAsItIsRead() {
        List<ScheduledFault> faults = FaultSchedule.parse(ChaosProfile.SHORT_SCHEDULE);

        assertEquals(faults, FaultSchedule.parse(FaultSchedule.format(faults)));
    }

    @Test
    void theShortScheduleHasEveryKindOfFault() {
        assertEquals(
                Map.of(
                        FaultKind.PAYARA_KILL,
                        2,
                        FaultKind.KAFKA_STOP,
                        1,
                        FaultKind.KAFKA_KILL,
                        1,
                        FaultKind.CONSUMER_CRASH,
                        4,
                        FaultKind.DB_CONNECTIONS,
                        4,
                        FaultKind.IDENTITY_TIMEOUT,
                        2),
                countByKind(FaultSchedule.parse(ChaosProfile.SHORT_SCHEDULE)));
    }

    @Test
    void unknownFaultsAndMisspeltItemsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FaultSchedule.parse("10s reboot"));
        assertThrows(IllegalArgumentException.class, () -> FaultSchedule.parse("10 payara-kill"));
        assertThrows(IllegalArgumentException.class, () -> FaultSchedule.parse("10s payara-kill soon"));
    }

    @Test
    void aRandomScheduleStrikesEveryKindOfOneServerSeveralTimesAndLeavesTheEndQuiet() {
        Duration load = Duration.ofMinutes(30);

        List<ScheduledFault> faults = FaultSchedule.random(42, load);

        countByKind(faults).values().forEach(count -> assertTrue(count >= 3, () -> "too few: " + faults));
        assertEquals(
                Arrays.stream(FaultKind.values())
                        .filter(kind -> !kind.clusterOnly())
                        .collect(Collectors.toSet()),
                countByKind(faults).keySet(),
                "every kind of one server and one broker, none of the cluster's");
        assertTrue(faults.stream().allMatch(f -> f.at().compareTo(load.minusSeconds(30)) <= 0));
        assertEquals(faults, FaultSchedule.random(42, load), "a seed gives one schedule");
    }

    @Test
    void theClusterScheduleStrikesEveryFaultOfTheClusterAndEndsOnARecovery() {
        ChaosProfile cluster = profile("cluster");

        assertTrue(cluster.cluster());
        assertEquals(
                Arrays.stream(FaultKind.values()).filter(FaultKind::clusterOnly).collect(Collectors.toSet()),
                cluster.faults().stream()
                        .map(ScheduledFault::kind)
                        .filter(FaultKind::clusterOnly)
                        .collect(Collectors.toSet()));
        assertTrue(
                cluster.faults().stream()
                        .allMatch(f ->
                                f.at().plus(f.length()).compareTo(cluster.load().minusSeconds(20)) <= 0),
                () -> "a fault too late: " + cluster.faults());
    }

    @Test
    void faultsOfARandomScheduleThatStrikeTogetherBreakDifferentParts() {
        for (long seed = 0; seed < 50; seed++) {
            List<ScheduledFault> faults = FaultSchedule.random(seed, Duration.ofMinutes(30));
            for (int i = 1; i < faults.size(); i++) {
                ScheduledFault earlier = faults.get(i - 1);
                ScheduledFault later = faults.get(i);
                boolean together = later.at().minus(earlier.at()).toSeconds() <= 10;
                assertTrue(
                        !together || !earlier.kind().breaksSamePartAs(later.kind()), () -> later + " after " + earlier);
            }
        }
    }

    private static ChaosProfile profile(String name) {
        String before = System.getProperty("chaos.profile");
        System.setProperty("chaos.profile", name);
        try {
            return ChaosProfile.fromSystemProperties();
        } finally {
            if (before == null) {
                System.clearProperty("chaos.profile");
            } else {
                System.setProperty("chaos.profile", before);
            }
        }
    }

    private static Map<FaultKind, Integer> countByKind(List<ScheduledFault> faults) {
        Map<FaultKind, Integer> counts = new EnumMap<>(FaultKind.class);
        faults.forEach(fault -> counts.merge(fault.kind(), 1, Integer::sum));
        return counts;
    }
}

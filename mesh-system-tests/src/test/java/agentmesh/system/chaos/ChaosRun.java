package agentmesh.system.chaos;

import static org.awaitility.Awaitility.await;

import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.FakeIdentityService;
import agentmesh.system.Inbox;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import agentmesh.system.MeshMetrics;
import agentmesh.system.MeshStackExtension;
import agentmesh.system.abuse.AbusiveAgent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One chaos run from start to verdict: starts the whole stack through the project's launcher (database, Kafka
 * broker, Payara Server with the EAR) with a remote identity service of its own, registers the agents, runs the
 * load while the faults strike — and one abusive agent beside the load ({@link AbusiveAgent}) — waits for the mesh to
 * deliver what it accepted, then reads every inbox, the database and the topic, and reports.
 *
 * <p>The server runs with its production defaults but for two test settings: the fault switches
 * ({@code MESH_TEST_FAULTS}, for the consumer crash) and the remote identity check, pointed at the run's own
 * identity service so that it can be made to time out.
 */
final class ChaosRun {

    private static final Logger LOG = Logger.getLogger(ChaosRun.class.getName());
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration HEAL_TIMEOUT = Duration.ofMinutes(5);

    private final ChaosProfile profile;

    ChaosRun(ChaosProfile profile) {
        this.profile = profile;
    }

    /** What happened while the load ran and the mesh drained. */
    private record Run(List<FaultRecord> faults, MetricsSampler.Figures figures, Duration drainTime, boolean drained) {}

    ChaosReport run() {
        try (FakeIdentityService identity = new FakeIdentityService(0);
                MeshStack stack = new MeshStack(stackConfig(identity)).start()) {
            MeshClient mesh = new MeshClient(stack.config().baseUri(), REQUEST_TIMEOUT);
            Participants participants = new Participants(profile, mesh, identity);
            participants.startReading();
            Run run;
            try {
                run = loadWithFaults(stack, identity, mesh, participants);
            } finally {
                participants.stopReading();
            }
            return report(stack.config(), mesh, participants, run);
        }
    }

    private StackConfig stackConfig(FakeIdentityService identity) {
        return StackConfig.builder(Path.of("target", "chaos-stack"))
                .with("MESH_TOPOLOGY", profile.cluster() ? "cluster" : "single")
                .with("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN)
                .with("MESH_STACK_FRESH", "true")
                .with("MESH_TEST_FAULTS", "true")
                .with("MESH_IDENTITY_MODE", "remote")
                .with("MESH_IDENTITY_URL", identity.uri().toString())
                .build();
    }

    private Run loadWithFaults(
            MeshStack stack, FakeIdentityService identity, MeshClient mesh, Participants participants) {
        try (MetricsSampler sampler = new MetricsSampler(
                        stack.config(),
                        stack.servers().stream()
                                .map(server -> new MeshClient(MeshMetrics.address(server), REQUEST_TIMEOUT))
                                .toList());
                FaultInjector injector = new FaultInjector(stack, identity);
                AbusiveAgent attacker = new AbusiveAgent(mesh, stack.config().baseUri())) {
            sampler.start();
            LOG.info(() -> "Chaos load, " + profile.ratePerSecond() + " messages/s for "
                    + profile.load().toSeconds() + " s; faults: " + FaultSchedule.format(profile.faults()));
            LoadGenerator load = new LoadGenerator(participants.senders(), profile.ratePerSecond(), profile.seed());
            injector.start(profile.faults(), Instant.now());
            load.run(profile.load());
            Instant loadEnd = Instant.now();
            List<FaultRecord> faults = injector.awaitHealed(HEAL_TIMEOUT);
            LOG.info("Load over, faults healed; waiting for the senders, then for the deliveries");
            load.awaitSent(profile.drainTimeout());
            boolean drained = true;
            try {
                await().atMost(profile.drainTimeout())
                        .pollInterval(Duration.ofSeconds(1))
                        .until(() -> EndState.pendingOutboxEvents(stack.config()) == 0
                                && participants.allAcknowledgedSeen());
            } catch (ConditionTimeoutException e) {
                drained = false;
            }
            Duration drainTime = Duration.between(loadEnd, Instant.now());
            return new Run(faults, sampler.stop(), drainTime, drained);
        }
    }

    private ChaosReport report(StackConfig config, MeshClient mesh, Participants participants, Run run) {
        List<SendRecord> sends = participants.sends();
        Map<String, List<DeliveredEvent>> inboxes = new LinkedHashMap<>();
        for (Agent agent : participants.agents()) {
            inboxes.put(
                    agent.id(),
                    Inbox.all(mesh, agent, 0).stream()
                            .map(event -> DeliveredEvent.of(agent.id(), event))
                            .toList());
        }
        EndState end = EndState.read(config);
        Findings findings = Verification.check(sends, inboxes, participants.liveViews(), end.lastSeqs());
        Map<String, Instant> deliveredAt = new HashMap<>();
        inboxes.values()
                .forEach(inbox -> inbox.stream()
                        .filter(event -> event.messageId() != null)
                        .forEach(event -> deliveredAt.putIfAbsent(event.messageId(), event.deliveredAt())));
        List<Duration> latencies = inboxes.values().stream()
                .flatMap(List::stream)
                .map(event -> Duration.between(event.createdAt(), event.deliveredAt()))
                .toList();
        return new ChaosReport(
                profile,
                findings,
                run.faults().stream()
                        .map(fault -> FaultOutcome.of(fault, sends, deliveredAt))
                        .toList(),
                participants.failedAttempts(),
                run.figures().dedupHits(),
                end.topicRecords(),
                end.topicDuplicates(),
                end.outboxByStatus(),
                end.outboxUnsent(),
                end.deadLetters(),
                run.figures().maxPending(),
                run.figures().maxLag(),
                latencies,
                run.drainTime(),
                run.drained(),
                participants.errors());
    }
}

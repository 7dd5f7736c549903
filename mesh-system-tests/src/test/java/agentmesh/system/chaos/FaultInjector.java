package agentmesh.system.chaos;

import static org.awaitility.Awaitility.await;

import agentmesh.stack.KafkaBroker;
import agentmesh.stack.MeshServer;
import agentmesh.stack.MeshStack;
import agentmesh.system.FakeIdentityService;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshDatabase;
import agentmesh.system.MeshStackExtension;
import agentmesh.system.TopicReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Strikes the faults of a schedule at their times, each on its own, so that they combine as the schedule says, and
 * heals them: restarts what it killed, brings back what it stopped. A fault of a part that an earlier fault still
 * holds down (a second broker stop while the broker is stopped) is skipped and reported as such.
 */
final class FaultInjector implements AutoCloseable {

    private static final Duration SWITCH_TIMEOUT = Duration.ofMinutes(2);

    private final MeshStack stack;
    private final FakeIdentityService identity;
    private final MeshClient firstInstance;
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "chaos-faults");
        thread.setDaemon(true);
        return thread;
    });
    private final List<CompletableFuture<FaultRecord>> faults = new ArrayList<>();
    private final AtomicBoolean serverDown = new AtomicBoolean();
    private final AtomicBoolean brokerDown = new AtomicBoolean();
    private final AtomicBoolean identitySlow = new AtomicBoolean();
    private final AtomicInteger serverKills = new AtomicInteger();

    FaultInjector(MeshStack stack, FakeIdentityService identity) {
        this.stack = stack;
        this.identity = identity;
        // The test-fault switches act on the instance that answers: arm and watch one, not whichever the balancer
        // picks.
        this.firstInstance = new MeshClient(stack.server().baseUri(), Duration.ofSeconds(10));
    }

    /** Schedules every fault relative to {@code origin}, the start of the load. */
    void start(List<ScheduledFault> schedule, Instant origin) {
        for (ScheduledFault fault : schedule) {
            CompletableFuture<FaultRecord> record = new CompletableFuture<>();
            faults.add(record);
            long delay = Math.max(
                    0, Duration.between(Instant.now(), origin.plus(fault.at())).toMillis());
            scheduler.schedule(
                    () -> strike(fault).whenComplete((done, failure) -> {
                        if (failure != null) {
                            record.completeExceptionally(failure);
                        } else {
                            record.complete(done);
                        }
                    }),
                    delay,
                    TimeUnit.MILLISECONDS);
        }
    }

    /** Waits until every fault has struck and healed; fails when one could not be healed (the stack is broken). */
    List<FaultRecord> awaitHealed(Duration timeout) {
        try {
            CompletableFuture.allOf(faults.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "a fault could not be healed: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("faults not healed within " + timeout.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return faults.stream().map(CompletableFuture::join).toList();
    }

    private CompletableFuture<FaultRecord> strike(ScheduledFault fault) {
        try {
            return switch (fault.kind()) {
                case PAYARA_KILL -> killInstance(fault, stack.server());
                case KAFKA_STOP -> stopNode(fault, theBroker(), false);
                case KAFKA_KILL -> stopNode(fault, theBroker(), true);
                case CONSUMER_CRASH -> crashConsumer(fault);
                case DB_CONNECTIONS -> killDatabaseConnections(fault);
                case IDENTITY_TIMEOUT -> slowIdentity(fault);
                case LEADER_KILL -> stopNode(fault, busiestLeader(), true);
                case BROKER_STOP ->
                    stopNode(fault, stack.kafkaNodes().get(stack.kafkaNodes().size() - 1), false);
                case INSTANCE_KILL -> killInstance(fault, instance(1));
                case INSTANCE_PAUSE -> pauseInstance(fault, instance(0));
                case INSTANCE_DB_CONNECTIONS -> killInstanceConnections(fault, instance(0));
            };
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private KafkaBroker theBroker() {
        return stack.kafka().orElseThrow(() -> new IllegalStateException("no local broker to stop"));
    }

    // The node leading most of the inbox topic's partitions, the one whose loss moves the most leaderships.
    private KafkaBroker busiestLeader() {
        Map<Integer, Long> led = TopicReader.partitionsLedByNode(stack.config().effectiveKafkaBootstrap());
        int node = led.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow(() -> new IllegalStateException("no partition of the inbox topic has a leader"))
                .getKey();
        return stack.kafkaNodes().stream()
                .filter(broker -> broker.nodeId() == node)
                .findFirst()
                .orElseThrow();
    }

    private MeshServer instance(int index) {
        List<MeshServer> servers = stack.servers();
        if (servers.size() <= index) {
            throw new IllegalStateException("the fault needs the cluster topology's two instances");
        }
        return servers.get(index);
    }

    // The broker, or one Kafka node of several (the others keep acks=all going with min.insync.replicas=2).
    private CompletableFuture<FaultRecord> stopNode(ScheduledFault fault, KafkaBroker node, boolean kill) {
        if (!brokerDown.compareAndSet(false, true)) {
            return done(FaultRecord.skipped(fault, "the broker or a Kafka node is down already"));
        }
        Instant struck = Instant.now();
        if (kill) {
            node.kill();
        } else {
            node.stop();
        }
        return later(fault.length(), () -> {
            try {
                node.start();
            } finally {
                brokerDown.set(false);
            }
            Instant healed = Instant.now();
            return new FaultRecord(
                    fault,
                    struck,
                    healed,
                    (kill ? "SIGKILL" : "SIGTERM") + " of node " + node.nodeId()
                            + "; started again on the same log, accepting after " + seconds(struck, healed));
        });
    }

    private CompletableFuture<FaultRecord> killInstance(ScheduledFault fault, MeshServer instance) {
        if (!serverDown.compareAndSet(false, true)) {
            return done(FaultRecord.skipped(fault, "the server or an instance is down already"));
        }
        Instant struck = Instant.now();
        try {
            serverKills.incrementAndGet();
            instance.kill();
            instance.restart();
        } finally {
            serverDown.set(false);
        }
        Instant healed = Instant.now();
        return done(new FaultRecord(
                fault,
                struck,
                healed,
                "SIGKILL of the instance on port " + instance.httpPort()
                        + " behind the balancer; restarted, application ready after " + seconds(struck, healed)));
    }

    private CompletableFuture<FaultRecord> pauseInstance(ScheduledFault fault, MeshServer instance) {
        if (!serverDown.compareAndSet(false, true)) {
            return done(FaultRecord.skipped(fault, "the server or an instance is down already"));
        }
        ProcessHandle process = instance.pid().orElseThrow(() -> new IllegalStateException("the instance is down"));
        Instant struck = Instant.now();
        signal(process, "STOP");
        return later(fault.length(), () -> {
            try {
                signal(process, "CONT");
            } finally {
                serverDown.set(false);
            }
            Instant healed = Instant.now();
            return new FaultRecord(
                    fault,
                    struck,
                    healed,
                    "SIGSTOP of the instance on port " + instance.httpPort() + " for " + seconds(struck, healed)
                            + ", then SIGCONT");
        });
    }

    private CompletableFuture<FaultRecord> killInstanceConnections(ScheduledFault fault, MeshServer instance) {
        ProcessHandle process = instance.pid().orElseThrow(() -> new IllegalStateException("the instance is down"));
        Instant struck = Instant.now();
        int killed = MeshDatabase.killConnectionsOf(stack.config(), process);
        return done(new FaultRecord(
                fault,
                struck,
                struck,
                "killed the " + killed + " server-side connections of the instance on port " + instance.httpPort()));
    }

    private static void signal(ProcessHandle process, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .inheritIO()
                    .start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private CompletableFuture<FaultRecord> crashConsumer(ScheduledFault fault) {
        Instant struck = Instant.now();
        int killsBefore = serverKills.get();
        await().atMost(SWITCH_TIMEOUT)
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .until(() -> firstInstance
                                .post("admin/test-faults/consumer-crash", MeshStackExtension.ADMIN_TOKEN, "")
                                .status()
                        == 204);
        Instant armed = Instant.now();
        String detail;
        try {
            await().atMost(SWITCH_TIMEOUT)
                    .pollInterval(Duration.ofMillis(100))
                    .ignoreExceptions()
                    .until(() -> firstInstance
                                    .get("admin/test-faults/consumer-crash", MeshStackExtension.ADMIN_TOKEN)
                                    .json()
                                    .getInt("armed")
                            == 0);
            detail = serverKills.get() != killsBefore
                    ? "armed, but the server was killed before it fired"
                    : "armed; a consumer thread died before its offset commit " + seconds(armed, Instant.now())
                            + " later";
        } catch (ConditionTimeoutException e) {
            detail = "armed, but no batch committed within " + SWITCH_TIMEOUT.toSeconds() + " s";
        }
        return done(new FaultRecord(fault, struck, Instant.now(), detail));
    }

    private CompletableFuture<FaultRecord> killDatabaseConnections(ScheduledFault fault) {
        Instant struck = Instant.now();
        int killed = MeshDatabase.killConnections(stack.config());
        return done(new FaultRecord(
                fault,
                struck,
                struck,
                "killed " + killed + " server-side connections of '"
                        + stack.config().dbUser() + "'"));
    }

    private CompletableFuture<FaultRecord> slowIdentity(ScheduledFault fault) {
        if (!identitySlow.compareAndSet(false, true)) {
            return done(FaultRecord.skipped(fault, "the identity service is slow already"));
        }
        Instant struck = Instant.now();
        identity.mode(FakeIdentityService.Mode.SLOW);
        return later(fault.length(), () -> {
            identity.mode(FakeIdentityService.Mode.HEALTHY);
            identitySlow.set(false);
            Instant healed = Instant.now();
            return new FaultRecord(
                    fault,
                    struck,
                    healed,
                    "answered after 5 s (the mesh gives up after 3 s) for " + seconds(struck, healed));
        });
    }

    private CompletableFuture<FaultRecord> later(Duration delay, Supplier<FaultRecord> heal) {
        CompletableFuture<FaultRecord> healed = new CompletableFuture<>();
        scheduler.schedule(
                () -> {
                    try {
                        healed.complete(heal.get());
                    } catch (RuntimeException e) {
                        healed.completeExceptionally(e);
                    }
                },
                delay.toMillis(),
                TimeUnit.MILLISECONDS);
        return healed;
    }

    private static CompletableFuture<FaultRecord> done(FaultRecord record) {
        return CompletableFuture.completedFuture(record);
    }

    private static String seconds(Instant from, Instant to) {
        return String.format("%.1f s", Duration.between(from, to).toMillis() / 1000.0);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}

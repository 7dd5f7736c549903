package agentmesh.inbox.consumer;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.kafka.KafkaSettings;
import agentmesh.testfaults.DeliveryFaults;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Starts the consumer loops with the application and stops them cleanly with it: each loop is woken, leaves the
 * group and closes its consumer, so a redeploy does not leave a stale member behind. The topic is set up first
 * ({@code InboxTopic}); the consumers never create it. The plain bean names below are for the WAR (one module);
 * in the EAR this jar's {@code META-INF/ejb-jar.xml} names them with their module.
 */
@Singleton
@Startup
@DependsOn({"SchemaMigration", "InboxTopic"})
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class InboxConsumer {

    private static final Logger LOG = Logger.getLogger(InboxConsumer.class.getName());

    @Resource
    ManagedThreadFactory threadFactory;

    @EJB
    InboxDelivery delivery;

    @EJB
    DeadLetters deadLetters;

    @Inject
    InboxMetrics metrics;

    @Inject
    DeliveryFaults faults;

    @Inject
    ConsumerSettings settings;

    @Inject
    KafkaSettings kafka;

    @Inject
    Clock clock;

    private final List<ConsumerLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    @PostConstruct
    void start() {
        Deliveries deliveries = new ContainerDeliveries(delivery, deadLetters, faults, metrics);
        for (int i = 0; i < settings.threads(); i++) {
            String clientId = "mesh-inbox-" + i;
            ConsumerLoop loop = new ConsumerLoop(clientId, settings, () -> newConsumer(clientId), deliveries, clock);
            Thread thread = threadFactory.newThread(loop);
            thread.setName("mesh-inbox-consumer-" + i);
            loops.add(loop);
            threads.add(thread);
            thread.start();
        }
        LOG.info(() -> settings.reactiveMessaging()
                ? "Inbox consumer: the server's Reactive Messaging reads the topic; no consumer loops here"
                : "Inbox consumer started with " + settings.threads() + " threads, group " + kafka.consumerGroup());
    }

    /** Consumer loops this instance started. */
    public int loops() {
        return threads.size();
    }

    /** Consumer loops whose thread is still running (a loop recovers from failures itself; it ends only on stop). */
    public int runningLoops() {
        return (int) threads.stream().filter(Thread::isAlive).count();
    }

    @PreDestroy
    void stop() {
        loops.forEach(ConsumerLoop::shutdown);
        for (Thread thread : threads) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Consumer<String, String> newConsumer(String clientId) {
        return new KafkaConsumer<>(kafka.consumer(clientId), new StringDeserializer(), new StringDeserializer());
    }
}

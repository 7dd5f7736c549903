package agentmesh.inbox.consumer;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.DeliveryFaults;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
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

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Starts the consumer loops with the application and stops them cleanly with it: each loop is woken, leaves the
 * group and closes its consumer, so a redeploy does not leave a stale member behind.
 */
@Singleton
@Startup
@DependsOn("mesh-ejb.jar#SchemaMigration")
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

    private final List<ConsumerLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    @PostConstruct
    void start() {
        for (int i = 0; i < settings.threads(); i++) {
            ConsumerLoop loop = new ConsumerLoop("mesh-inbox-" + i, settings, delivery, deadLetters, metrics, faults);
            Thread thread = threadFactory.newThread(loop);
            thread.setName("mesh-inbox-consumer-" + i);
            loops.add(loop);
            threads.add(thread);
            thread.start();
        }
        LOG.info(() -> "Inbox consumer started with " + settings.threads() + " threads, group " + settings.group());
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
}

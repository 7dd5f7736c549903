package agentmesh.system.incontainer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.Contacts;
import agentmesh.jdbc.Jdbc;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.outbox.control.OutboxBatch;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outbox claim inside the server, against the real database: a recipient's events leave in order behind its
 * head, and a head in backoff or held by another round holds everything behind it while other recipients flow.
 *
 * <p>Time: whether a head is due is decided by the database's clock, on purpose — instances' clocks differ
 * ({@code TwoInstancesIT}), the database's is the one they share. So instead of fixing a Java {@code Clock}, these
 * tests fix a head's due time against the database's clock, an hour away or a few seconds away. Other dispatchers run
 * meanwhile (the main server's, this deployment's own sweep): whatever they do, the rule must hold.
 */
@ExtendWith(InContainerServer.class)
@ExtendWith(ArquillianExtension.class)
@Tag("G2")
@Tag("G5")
class OutboxClaimIT {

    @Deployment
    static EnterpriseArchive mesh() {
        return MeshDeployment.withTestsInWebModule(OutboxClaimIT.class);
    }

    @Inject
    OutboxBatch batch;

    @Inject
    MessageSender sender;

    @Inject
    AgentRegistry agents;

    @Inject
    Contacts contacts;

    private DataSource database;
    private UserTransaction transaction;
    private String alice;
    private String bob;
    private String carol;

    @BeforeEach
    void threeAgents() {
        database = MeshFixtures.database();
        transaction = MeshFixtures.lookup("java:comp/UserTransaction");
        alice = MeshFixtures.agent(agents, "alice");
        bob = MeshFixtures.agent(agents, "bob");
        carol = MeshFixtures.agent(agents, "carol");
        contacts.allow(alice, bob);
        contacts.allow(alice, carol);
    }

    @Test
    void eventsBehindAHeadInBackoffWaitForItWhileOtherRecipientsFlow() throws Exception {
        transaction.begin();
        send(alice, bob, 3);
        dueIn(head(bob), Duration.ofHours(1));
        transaction.commit();
        send(alice, carol, 2);

        await().atMost(Duration.ofSeconds(30)).until(() -> statuses(carol).equals(List.of("SENT", "SENT")));
        for (int round = 0; round < 3; round++) {
            batch.dispatch();
        }
        assertEquals(List.of("PENDING", "PENDING", "PENDING"), statuses(bob), "nothing overtakes the head");
        assertEquals(
                List.of(0, 0, 0),
                Jdbc.query(
                        database,
                        "SELECT attempts FROM outbox_event WHERE event_key = ?" + " ORDER BY id",
                        row -> row.getInt(1),
                        bob),
                "waiting behind a head is no attempt");

        dueIn(head(bob), Duration.ZERO);
        await().atMost(Duration.ofSeconds(30)).until(() -> statuses(bob).equals(List.of("SENT", "SENT", "SENT")));
        List<String> sentTimes = Jdbc.query(
                database,
                "SELECT sent_at FROM outbox_event WHERE event_key = ?" + " ORDER BY id",
                row -> row.getString(1),
                bob);
        assertEquals(sentTimes.stream().sorted().toList(), sentTimes, "sent in id order");
    }

    @Test
    void aHeadLockedByAnotherRoundHoldsItsRecipientAndTheRoundTakesTheOthers() throws Exception {
        transaction.begin();
        send(alice, bob, 2);
        send(alice, carol, 1);
        long bobsHead = head(bob);
        // Time enough to take the lock below before anyone may publish bob's events.
        dueIn(bobsHead, Duration.ofSeconds(5));
        dueIn(head(carol), Duration.ofSeconds(5));
        transaction.commit();

        try (AutoCloseable held = lockedByAnotherRound(bobsHead)) {
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                batch.dispatch();
                return statuses(carol).equals(List.of("SENT"));
            });
            batch.dispatch(); // one more round, surely after bob's head fell due
            assertEquals(List.of("PENDING", "PENDING"), statuses(bob), "a held head holds its whole recipient");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> statuses(bob).equals(List.of("SENT", "SENT")));
    }

    /**
     * What a round on another server does to a head it takes: its lock, in a transaction on another thread (this
     * one must stay outside any transaction to see the others' commits), until closed.
     */
    private AutoCloseable lockedByAnotherRound(long event) throws Exception {
        ManagedExecutorService threads = MeshFixtures.lookup("java:comp/DefaultManagedExecutorService");
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holder = threads.submit(() -> {
            UserTransaction other = MeshFixtures.lookup("java:comp/UserTransaction");
            other.begin();
            try {
                Jdbc.query(
                        database, "SELECT id FROM outbox_event WHERE id = ? FOR UPDATE", row -> row.getLong(1), event);
                locked.countDown();
                return release.await(1, TimeUnit.MINUTES);
            } finally {
                other.rollback();
            }
        });
        if (!locked.await(10, TimeUnit.SECONDS)) {
            holder.get(1, TimeUnit.SECONDS); // its failure, if it failed
            throw new IllegalStateException("the head was not locked within 10 s");
        }
        return () -> {
            release.countDown();
            holder.get(10, TimeUnit.SECONDS);
        };
    }

    /** Messages from one agent to another in one task, in the caller's transaction if there is one. */
    private void send(String from, String to, int count) {
        String task = null;
        for (int i = 0; i < count; i++) {
            task = sender.send(new SendCommand(
                            from,
                            "m-" + UUID.randomUUID(),
                            to,
                            task,
                            null,
                            MeshFixtures.text("n" + i),
                            ContactCheck.IN_TRANSACTION))
                    .message()
                    .taskId();
        }
    }

    private long head(String recipient) {
        return Jdbc.query(
                        database,
                        "SELECT MIN(id) FROM outbox_event WHERE event_key = ? AND status = 'PENDING'",
                        row -> row.getLong(1),
                        recipient)
                .get(0);
    }

    /** Sets when an event is due, by the database's clock. */
    private void dueIn(long event, Duration delay) {
        Jdbc.update(
                database,
                "UPDATE outbox_event SET next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND" + " WHERE id = ?",
                delay.toNanos() / 1_000,
                event);
    }

    private List<String> statuses(String recipient) {
        return Jdbc.query(
                database,
                "SELECT status FROM outbox_event WHERE event_key = ? ORDER BY id",
                row -> row.getString(1),
                recipient);
    }
}

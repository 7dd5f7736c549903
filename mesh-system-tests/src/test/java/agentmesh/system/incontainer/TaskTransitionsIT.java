package agentmesh.system.incontainer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.Contacts;
import agentmesh.jdbc.Jdbc;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.task.control.IdleTaskScan;
import agentmesh.task.control.IllegalTransitionException;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.entity.TaskState;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
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
 * Task state changes inside the server, against the real database, where several writers meet one task at once: the
 * idle scan run by several servers together, and transitions racing on one task.
 *
 * <p>Time: the scan compares a task's last activity with the server's clock. Instead of fixing that clock (it is the
 * clock of every other bean of the deployment too), the test sets the tasks' last activity back, which is the same
 * as the clock moving forward for those tasks alone.
 */
@ExtendWith(InContainerServer.class)
@ExtendWith(ArquillianExtension.class)
class TaskTransitionsIT {

    private static final Duration LIMIT = Duration.ofDays(2);

    @Deployment
    static EnterpriseArchive mesh() {
        return MeshDeployment.withTestsInWebModule(TaskTransitionsIT.class);
    }

    @Inject
    IdleTaskScan scan;

    @Inject
    TaskLifecycle lifecycle;

    @Inject
    MessageSender sender;

    @Inject
    AgentRegistry agents;

    @Inject
    Contacts contacts;

    private DataSource database;
    private ManagedExecutorService threads;
    private String alice;
    private String bob;

    @BeforeEach
    void twoAgents() {
        database = MeshFixtures.database();
        threads = MeshFixtures.lookup("java:comp/DefaultManagedExecutorService");
        alice = MeshFixtures.agent(agents, "alice");
        bob = MeshFixtures.agent(agents, "bob");
        contacts.allow(alice, bob);
    }

    @Test
    @Tag("G8")
    void scansRunningAtOnceFailATaskIdlePastTheLimitOnceAndLeaveAnActiveOne() throws Exception {
        String idle = openTask();
        String active = openTask();
        lastActivity(idle, LIMIT.plusHours(1));
        lastActivity(active, LIMIT.minusHours(1));

        atOnce(List.of(() -> scan.failIdle(LIMIT), () -> scan.failIdle(LIMIT), () -> scan.failIdle(LIMIT)));

        assertEquals("FAILED", state(idle));
        List<JsonObject> told = statusEvents(idle);
        assertEquals(2, told.size(), "one event for each agent: " + told);
        assertEquals(
                List.of(alice, bob),
                told.stream().map(e -> e.getString("to")).sorted().toList());
        told.forEach(event ->
                assertEquals("idle-timeout", event.getJsonObject("status").getString("reason")));
        assertEquals("SUBMITTED", state(active));
        assertEquals(List.of(), statusEvents(active));
    }

    @Test
    void transitionsRacingOnOneTaskEndItOnceWithOneEvent() throws Exception {
        String task = openTask();

        List<Object> outcomes = atOnce(List.of(
                () -> lifecycle.changeStatus(task, bob, TaskState.COMPLETED, null, ContactCheck.IN_TRANSACTION),
                () -> lifecycle.changeStatus(task, bob, TaskState.FAILED, "gave up", ContactCheck.IN_TRANSACTION),
                () -> lifecycle.cancel(task, alice, "not needed")));

        List<Object> refused =
                outcomes.stream().filter(Throwable.class::isInstance).toList();
        assertEquals(2, refused.size(), "one wins: " + outcomes);
        refused.forEach(failure -> assertInstanceOf(IllegalTransitionException.class, failure));
        List<JsonObject> told = statusEvents(task);
        assertEquals(1, told.size(), "one event for the one change: " + told);
        assertEquals(
                state(task),
                TaskState.fromWireName(told.get(0).getJsonObject("status").getString("state"))
                        .name());
    }

    /** Runs the calls on threads of their own, all at once; returns each one's result or failure, in order. */
    private List<Object> atOnce(List<Callable<?>> calls) throws InterruptedException {
        List<Future<?>> running = new ArrayList<>();
        calls.forEach(call -> running.add(threads.submit(call)));
        List<Object> outcomes = new ArrayList<>();
        for (Future<?> call : running) {
            try {
                outcomes.add(call.get(30, TimeUnit.SECONDS));
            } catch (ExecutionException e) {
                outcomes.add(e.getCause());
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("a call did not end within 30 s", e);
            }
        }
        return outcomes;
    }

    private String openTask() {
        return sender.send(new SendCommand(
                        alice,
                        "m-" + UUID.randomUUID(),
                        bob,
                        null,
                        null,
                        MeshFixtures.text("do it"),
                        ContactCheck.IN_TRANSACTION))
                .message()
                .taskId();
    }

    private void lastActivity(String task, Duration ago) {
        Jdbc.update(
                database,
                "UPDATE task SET updated_at = UTC_TIMESTAMP(6) - INTERVAL ? MICROSECOND" + " WHERE task_id = ?",
                ago.toNanos() / 1_000,
                task);
    }

    private String state(String task) {
        return Jdbc.query(database, "SELECT state FROM task WHERE task_id = ?", row -> row.getString(1), task)
                .get(0);
    }

    private List<JsonObject> statusEvents(String task) {
        return Jdbc.query(
                database,
                "SELECT payload FROM outbox_event WHERE task_id = ? AND event_type = 'task-status'" + " ORDER BY id",
                row -> Json.createReader(new StringReader(row.getString(1))).readObject(),
                task);
    }
}

package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.stack.MeshServer;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The idle timeout, on a server instance of its own whose limit is seconds (the stack's main server keeps 24 h, so
 * the other tests' tasks are safe while they run).
 */
@ExtendWith(MeshStackExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TaskIdleTimeoutIT {

    private static final int IDLE_LIMIT_SECONDS = 3;

    private MeshServer impatient;
    private MeshClient mesh;

    @BeforeAll
    void aServerWithAShortIdleLimit() {
        impatient = MeshStackExtension.stack()
                .addServer(Map.of(
                        "MESH_TASK_IDLE_LIMIT_SECONDS",
                        Integer.toString(IDLE_LIMIT_SECONDS),
                        "MESH_TASK_IDLE_SCAN_SECONDS",
                        "1"));
        mesh = new MeshClient(impatient.baseUri());
    }

    @AfterAll
    void stopIt() {
        impatient.close();
    }

    @Test
    @Tag("G8")
    void aBusyTaskNeverTimesOutAndAnIdleOneDoesOnceWithOneEventPerAgent() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        Agent carol = mesh.registerAgent("carol");
        mesh.allow(alice, bob);
        mesh.allow(alice, carol);
        String idle = mesh.send(alice, MeshClient.textMessage(null, bob, null, "then silence"))
                .getString("taskId");
        String busy = mesh.send(alice, MeshClient.textMessage(null, carol, null, "keep going"))
                .getString("taskId");
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor();
        try {
            // A periodic task stops at its first exception; the conditions below surface that exception at once.
            ScheduledFuture<?> ticks = heartbeat.scheduleAtFixedRate(
                    () -> mesh.send(alice, MeshClient.textMessage(null, carol, busy, "tick")), 1, 1, TimeUnit.SECONDS);

            await().atMost(Duration.ofSeconds(30))
                    .until(() -> beating(ticks) && state(alice, idle).equals("failed"));
            // Well past the limit, the busy task is still alive.
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> beating(ticks) && taskAgeSeconds(busy) > 2L * IDLE_LIMIT_SECONDS);
            assertEquals("submitted", state(alice, busy));
        } finally {
            heartbeat.shutdownNow();
        }

        JsonObject failed = mesh.get("tasks/" + idle, alice.token()).json().getJsonObject("status");
        assertEquals("idle-timeout", failed.getString("reason"));
        assertEquals(List.of("message", "task-status"), types(bob));
        assertEquals(List.of("task-status"), types(alice));
        JsonObject toAlice = Inbox.all(mesh, alice, 0).get(0);
        assertEquals("idle-timeout", toAlice.getJsonObject("status").getString("reason"));
        assertEquals("mesh", toAlice.getString("from"));
    }

    /** True while the heartbeat runs; its failure, if it failed, thrown. */
    private static boolean beating(ScheduledFuture<?> ticks) throws Exception {
        if (ticks.isDone()) {
            ticks.get();
        }
        return true;
    }

    @Test
    @Tag("G8")
    void scansRunningAtOnceFailEachIdleTaskOnceAndNotifyOnce() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        List<String> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            tasks.add(mesh.send(alice, MeshClient.textMessage(null, bob, null, "task " + i))
                    .getString("taskId"));
        }

        // Forced scans from two clients at once, beside the server's own timer.
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            CompletableFuture<ApiResponse> one = CompletableFuture.supplyAsync(this::scanNow);
            CompletableFuture<ApiResponse> two = CompletableFuture.supplyAsync(this::scanNow);
            return one.get().status() == 200
                    && two.get().status() == 200
                    && tasks.stream().allMatch(t -> state(alice, t).equals("failed"));
        });

        await().atMost(Duration.ofSeconds(30))
                .until(() -> Inbox.all(mesh, alice, 0).size() >= 30);
        assertEquals(30, Inbox.all(mesh, alice, 0).size(), "one event per task for the requester");
        assertEquals(60, Inbox.all(mesh, bob, 0).size(), "the message and one event per task for the assignee");
        assertEquals(
                30,
                MeshDatabase.count(
                        "SELECT COUNT(*) FROM outbox_event WHERE event_key = ?" + " AND event_type = 'task-status'",
                        alice.id()));
    }

    private ApiResponse scanNow() {
        return mesh.post("admin/tasks/idle-scan", MeshStackExtension.ADMIN_TOKEN, "");
    }

    private String state(Agent reader, String taskId) {
        return mesh.get("tasks/" + taskId + "?historyLength=0", reader.token())
                .json()
                .getJsonObject("status")
                .getString("state");
    }

    private static long taskAgeSeconds(String taskId) {
        return MeshDatabase.count(
                "SELECT TIMESTAMPDIFF(SECOND, created_at, UTC_TIMESTAMP(6)) FROM task" + " WHERE task_id = ?", taskId);
    }

    private List<String> types(Agent agent) {
        return Inbox.all(mesh, agent, 0).stream().map(e -> e.getString("type")).toList();
    }
}

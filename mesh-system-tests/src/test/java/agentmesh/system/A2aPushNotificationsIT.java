package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A2A push notifications on the real stack: an A2A client (a mesh agent) registers a webhook for its task; the other
 * agent's messages, status changes and artifacts are POSTed to it in order, each once, with the client's token and
 * credentials — also across an outage of the webhook (a server the test runs, stopped and started again on its
 * port while the task goes on). A webhook that refuses has its update parked after its attempts
 * ({@code MESH_A2A_PUSH_MAX_ATTEMPTS} of the test stack), the next ones move on, and an admin replays it. Configs are
 * made, read, listed and deleted over JSON-RPC (1.0 and 0.3) and HTTP+JSON; read back they show no secrets.
 */
@ExtendWith(MeshStackExtension.class)
class A2aPushNotificationsIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final List<Webhook> webhooks = new ArrayList<>();

    @AfterEach
    void stopWebhooks() {
        webhooks.forEach(Webhook::stop);
    }

    @Test
    void everyUpdateReachesTheWebhookOnceInOrderAcrossItsOutage() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        Webhook webhook = webhook(200);

        JsonObject sent = rpc(
                alice,
                bob,
                "SendMessage",
                "{\"message\":{\"messageId\":\"m-push-1\",\"role\":"
                        + "\"ROLE_USER\",\"parts\":[{\"text\":\"report, please\"}]},\"configuration\":{\"returnImmediately\":"
                        + "true,\"taskPushNotificationConfig\":{\"id\":\"hook-1\",\"url\":\"" + webhook.url() + "\","
                        + "\"token\":\"tok-4711\",\"authentication\":{\"scheme\":\"Bearer\",\"credentials\":\"cred-42\"}}}}");
        String taskId = sent.getJsonObject("result").getJsonObject("task").getString("id");

        JsonObject read = rpc(
                        alice,
                        bob,
                        "GetTaskPushNotificationConfig",
                        "{\"taskId\":\"" + taskId + "\",\"id\":\"hook-1\"}")
                .getJsonObject("result");
        assertEquals(webhook.url(), read.getString("url"), read::toString);
        assertEquals("Bearer", read.getJsonObject("authentication").getString("scheme"), read::toString);
        assertFalse(read.toString().contains("tok-4711") || read.toString().contains("cred-42"), read::toString);

        answer(bob, alice, taskId, "working on it 1");
        answer(bob, alice, taskId, "working on it 2");
        await().atMost(Duration.ofSeconds(20)).until(() -> webhook.received().size() >= 2);
        webhook.stop();
        answer(bob, alice, taskId, "working on it 3");
        assertEquals(
                200,
                mesh.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"working\"}")
                        .status());
        assertEquals(
                201,
                mesh.post(
                                "tasks/" + taskId + "/artifacts",
                                bob.token(),
                                "{\"artifactId\":\"a-report\","
                                        + "\"name\":\"report\",\"parts\":[{\"kind\":\"text\",\"text\":\"the report\"}]}")
                        .status());
        // The mesh has met the closed webhook and backs off before the webhook comes back.
        await().atMost(Duration.ofSeconds(20))
                .until(() -> config(alice, taskId, "hook-1").getInt("attempts") >= 1);
        webhook.start();
        answer(bob, alice, taskId, "working on it 4");
        assertEquals(
                200,
                mesh.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"completed\"}")
                        .status());

        await().atMost(Duration.ofSeconds(60))
                .until(() -> webhook.received().stream()
                        .anyMatch(push -> push.body().containsKey("statusUpdate")
                                && "TASK_STATE_COMPLETED"
                                        .equals(push.body()
                                                .getJsonObject("statusUpdate")
                                                .getJsonObject("status")
                                                .getString("state"))));
        List<String> seen = webhook.received().stream().map(Webhook::describe).toList();
        assertEquals(
                List.of(
                        "message working on it 1",
                        "message working on it 2",
                        "message working on it 3",
                        "status TASK_STATE_WORKING",
                        "artifact a-report",
                        "message working on it 4",
                        "status TASK_STATE_COMPLETED"),
                seen);
        for (Webhook.Push push : webhook.received()) {
            assertEquals("tok-4711", push.token());
            assertEquals("Bearer cred-42", push.authorization());
            assertEquals("application/a2a+json", push.contentType());
            assertEquals(taskId, taskIdOf(push.body()), push.body()::toString);
        }
        assertTrue(config(alice, taskId, "hook-1").getBoolean("ended"), "the final status ends the config");
    }

    @Test
    void aRefusingWebhookHasItsUpdateParkedTheNextOnesMoveOnAndAnAdminReplaysIt() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "a task"))
                .getString("taskId");
        Webhook refusing = webhook(400);
        Webhook sentinel = webhook(200);

        // HTTP+JSON: a config made on the task's resource, and one more that will be deleted
        for (String[] config : new String[][] {{"refused", refusing.url()}, {"sentinel", sentinel.url()}}) {
            ApiResponse made = mesh.post(
                    "../../a2a/" + bob.id() + "/tasks/" + taskId + "/pushNotificationConfigs",
                    alice.token(),
                    "{\"id\":\"" + config[0] + "\",\"url\":\"" + config[1] + "\"}");
            assertEquals(200, made.status(), made::toString);
            assertEquals(config[0], made.json().getString("id"));
        }
        JsonArray listed = mesh.get(
                        "../../a2a/" + bob.id() + "/tasks/" + taskId + "/pushNotificationConfigs", alice.token())
                .json()
                .getJsonArray("configs");
        assertEquals(
                List.of("refused", "sentinel"),
                listed.stream()
                        .map(config -> config.asJsonObject().getString("id"))
                        .toList());

        answer(bob, alice, taskId, "first");
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !mesh.get(
                                "admin/agents/" + alice.id() + "/push/dead-letters", MeshStackExtension.ADMIN_TOKEN)
                        .json()
                        .getJsonArray("deadLetters")
                        .isEmpty());
        JsonObject letter = mesh.get(
                        "admin/agents/" + alice.id() + "/push/dead-letters", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonArray("deadLetters")
                .getJsonObject(0);
        assertEquals(taskId + "/refused", letter.getString("targetKey"), letter::toString);
        assertTrue(letter.getString("error").contains("HTTP 400"), letter::toString);
        answer(bob, alice, taskId, "second");
        await().atMost(Duration.ofSeconds(30)).until(() -> refusing.attemptsOf("second") >= 1);
        assertEquals(
                List.of("message first", "message second"),
                sentinel.received().stream().map(Webhook::describe).toList());

        refusing.answerWith(200);
        JsonObject replay = mesh.post(
                        "admin/agents/" + alice.id() + "/push/dead-letters/" + letter.getInt("id") + "/replay",
                        MeshStackExtension.ADMIN_TOKEN,
                        "")
                .json();
        assertEquals("delivered", replay.getString("outcome"), replay::toString);
        assertTrue(refusing.received().stream()
                .anyMatch(push -> Webhook.describe(push).equals("message first")));

        // deleted: nothing more reaches it, while the sentinel still hears the task
        assertEquals(
                200,
                mesh.delete(
                                "../../a2a/" + bob.id() + "/tasks/" + taskId + "/pushNotificationConfigs/refused",
                                alice.token())
                        .status());
        int before = refusing.received().size();
        answer(bob, alice, taskId, "third");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> sentinel.received().stream()
                        .anyMatch(push -> Webhook.describe(push).equals("message third")));
        assertEquals(before, refusing.received().size(), "a deleted config pushes nothing");
    }

    @Test
    void a03ClientSetsGetsListsAndDeletesItsConfigAndIsSentTheTask() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "a task"))
                .getString("taskId");
        Webhook webhook = webhook(200);

        JsonObject set = rpc(
                        alice,
                        bob,
                        "tasks/pushNotificationConfig/set",
                        "{\"taskId\":\"" + taskId + "\",\"pushNotificationConfig\":{\"url\":\"" + webhook.url()
                                + "\",\"token\":\"t-03\"}}")
                .getJsonObject("result");
        String configId = set.getJsonObject("pushNotificationConfig").getString("id");
        assertEquals(taskId, set.getString("taskId"));
        assertEquals(
                webhook.url(),
                rpc(
                                alice,
                                bob,
                                "tasks/pushNotificationConfig/get",
                                "{\"id\":\"" + taskId + "\",\"pushNotificationConfigId\":\"" + configId + "\"}")
                        .getJsonObject("result")
                        .getJsonObject("pushNotificationConfig")
                        .getString("url"));
        assertEquals(
                1,
                rpc(alice, bob, "tasks/pushNotificationConfig/list", "{\"id\":\"" + taskId + "\"}")
                        .getJsonArray("result")
                        .size());

        answer(bob, alice, taskId, "for 0.3");
        await().atMost(Duration.ofSeconds(30)).until(() -> !webhook.received().isEmpty());
        Webhook.Push push = webhook.received().get(0);
        assertEquals("task", push.body().getString("kind"), push.body()::toString);
        assertEquals(taskId, push.body().getString("id"));
        assertEquals("t-03", push.token());

        assertTrue(rpc(
                        alice,
                        bob,
                        "tasks/pushNotificationConfig/delete",
                        "{\"id\":\"" + taskId + "\",\"pushNotificationConfigId\":\"" + configId + "\"}")
                .containsKey("result"));
        assertEquals(
                0,
                rpc(alice, bob, "tasks/pushNotificationConfig/list", "{\"id\":\"" + taskId + "\"}")
                        .getJsonArray("result")
                        .size());
    }

    @Test
    void badConfigsAreRefusedNamingTheFieldAndAClientHasABoundedNumber() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "a task"))
                .getString("taskId");
        String create = "CreateTaskPushNotificationConfig";

        JsonObject noUrl =
                rpc(alice, bob, create, "{\"taskId\":\"" + taskId + "\"}").getJsonObject("error");
        assertEquals(-32602, noUrl.getInt("code"), noUrl::toString);
        assertTrue(noUrl.toString().contains("url"), noUrl::toString);
        JsonObject badId = rpc(
                        alice,
                        bob,
                        create,
                        "{\"taskId\":\"" + taskId + "\",\"id\":\"a b\",\"url\":" + "\"http://127.0.0.1:9/\"}")
                .getJsonObject("error");
        assertEquals(-32602, badId.getInt("code"), badId::toString);
        JsonObject notAUrl = rpc(alice, bob, create, "{\"taskId\":\"" + taskId + "\",\"url\":\"ftp://x/\"}")
                .getJsonObject("error");
        assertEquals(-32602, notAUrl.getInt("code"), notAUrl::toString);
        ApiResponse restMissing =
                mesh.get("../../a2a/" + bob.id() + "/tasks/" + taskId + "/pushNotificationConfigs/none", alice.token());
        assertEquals(404, restMissing.status(), restMissing::toString);

        // 100 configs not ended (the default bound) → the 101st is refused; the same id again replaces
        for (int i = 0; i < 100; i++) {
            JsonObject made = rpc(
                    alice,
                    bob,
                    create,
                    "{\"taskId\":\"" + taskId + "\",\"id\":\"c" + i + "\",\"url\":\"http://127.0.0.1:9/" + i + "\"}");
            assertTrue(made.containsKey("result"), made::toString);
        }
        JsonObject tooMany = rpc(
                        alice,
                        bob,
                        create,
                        "{\"taskId\":\"" + taskId + "\",\"id\":\"c100\",\"url\":" + "\"http://127.0.0.1:9/\"}")
                .getJsonObject("error");
        assertTrue(tooMany.toString().contains("TOO_MANY_PUSH_CONFIGS"), tooMany::toString);
        assertTrue(
                rpc(
                                alice,
                                bob,
                                create,
                                "{\"taskId\":\"" + taskId + "\",\"id\":\"c7\",\"url\":"
                                        + "\"http://127.0.0.1:9/again\"}")
                        .containsKey("result"),
                "the same id replaces");
        JsonObject page = rpc(
                        alice,
                        bob,
                        "ListTaskPushNotificationConfigs",
                        "{\"taskId\":\"" + taskId + "\",\"pageSize\":40}")
                .getJsonObject("result");
        assertEquals(40, page.getJsonArray("configs").size());
        assertEquals(
                IntStream.range(0, 100)
                        .mapToObj(i -> "c" + i)
                        .sorted()
                        .skip(39)
                        .findFirst()
                        .orElseThrow(),
                page.getString("nextPageToken"));
    }

    // ---- the harness ----

    private JsonObject rpc(Agent caller, Agent agent, String method, String params) {
        ApiResponse answer = mesh.post(
                "../../a2a/" + agent.id(),
                caller.token(),
                "{\"jsonrpc\":\"2.0\",\"id\":1," + "\"method\":\"" + method + "\",\"params\":" + params + "}");
        assertEquals(200, answer.status(), answer::toString);
        return answer.json();
    }

    private void answer(Agent from, Agent to, String taskId, String text) {
        assertEquals(
                201,
                mesh.post("messages", from.token(), MeshClient.textMessage(null, to, taskId, text))
                        .status());
    }

    private JsonObject config(Agent client, String taskId, String configId) {
        return mesh
                .get("admin/agents/" + client.id() + "/push", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonArray("configs")
                .stream()
                .map(JsonObject.class::cast)
                .filter(config -> config.getString("taskId").equals(taskId)
                        && config.getString("configId").equals(configId))
                .findFirst()
                .orElseThrow();
    }

    private static String taskIdOf(JsonObject body) {
        JsonObject event = body.values().iterator().next().asJsonObject();
        return event.getString("taskId");
    }

    private Webhook webhook(int status) throws IOException {
        Webhook webhook = new Webhook(status);
        webhooks.add(webhook);
        webhook.start();
        return webhook;
    }
}

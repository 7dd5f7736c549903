package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The A2A facade's and the MCP endpoint's bodies under the hostile-input treatment the API's get (HostileInputIT):
 * malformed JSON-RPC, wrong types, huge ids, deep JSON. Each is refused with the protocol's own error (a JSON-RPC
 * error object with a standard code; for MCP with a 4xx status) or a 4xx problem from the door, never a 5xx or a
 * result, and nothing is stored.
 */
@ExtendWith(MeshStackExtension.class)
class HostileProtocolInputIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final URI api = MeshStackExtension.stack().config().baseUri();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @Test
    void hostileA2aRequestsGetJsonRpcErrorsAndChangeNothing() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String message = "{\"messageId\":\"m-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}";
        // Were one of these taken, it would not wait for bob's answer: returnImmediately.
        String valid =
                rpc("1", "SendMessage", "{\"message\":" + message + ",\"configuration\":{\"returnImmediately\":true}}");
        Map<String, String> attacks = new LinkedHashMap<>();
        for (int i = 0; i < valid.length() - 1; i += 3) {
            attacks.put("truncated at " + i, valid.substring(0, i));
        }
        for (String id : List.of("{}", "[]", "true", "{\"a\":1}")) {
            attacks.put("id " + id, rpc(id, "SendMessage", "{\"message\":" + message + "}"));
            attacks.put("GetTask with id " + id, rpc(id, "GetTask", "{\"id\":\"t\"}"));
        }
        attacks.put("id of 500 kB", rpc("\"" + "i".repeat(500_000) + "\"", "GetTask", "{\"id\":\"t\"}"));
        attacks.put("id 1e400", rpc("1e400", "GetTask", "{\"id\":\"t\"}"));
        for (String value : List.of("5", "null", "true", "[]", "\"x\"")) {
            attacks.put("jsonrpc " + value, valid.replace("\"jsonrpc\":\"2.0\"", "\"jsonrpc\":" + value));
            attacks.put("method " + value, valid.replace("\"method\":\"SendMessage\"", "\"method\":" + value));
            attacks.put("params " + value, rpc("1", "SendMessage", value));
            attacks.put("message " + value, rpc("1", "SendMessage", "{\"message\":" + value + "}"));
            attacks.put(
                    "parts " + value,
                    rpc("1", "SendMessage", "{\"message\":" + message.replace("[{\"text\":\"hello\"}]", value) + "}"));
            if (!value.equals("null")) { // a null messageId is an absent one: the mesh makes one up
                attacks.put(
                        "messageId " + value,
                        rpc(
                                "1",
                                "SendMessage",
                                "{\"message\":"
                                        + message.replace("\"m-1\"", value.equals("\"x\"") ? "\"has space\"" : value)
                                        + "}"));
            }
        }
        attacks.put("unknown method", rpc("1", "message/explode", "{}"));
        attacks.put("batch", "[" + valid + "," + valid + "]");
        attacks.put("not an object", "\"SendMessage\"");
        attacks.put("empty", "");
        for (int depth : List.of(100, 10_000, 100_000)) {
            attacks.put(
                    "params " + depth + " deep",
                    rpc("1", "SendMessage", "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)));
        }
        for (int depth : List.of(10_000, 100_000)) { // past the JSON parser's depth limit
            attacks.put(
                    "metadata " + depth + " deep",
                    rpc(
                            "1",
                            "SendMessage",
                            "{\"message\":"
                                    + message.replace(
                                            "\"role\"",
                                            "\"metadata\":" + "[".repeat(depth) + "]".repeat(depth) + ",\"role\"")
                                    + "}"));
        }

        URI bobAddress = api.resolve("../../a2a/" + bob.id());
        HttpResponse<String> control = post(bobAddress, alice.token(), valid, Map.of("A2A-Version", "1.0"));
        assertTrue(control.body().contains("\"result\""), "the valid request is taken: " + control.body());

        Map<String, Long> before = MeshDatabase.rowCounts();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> attack : attacks.entrySet()) {
            HttpResponse<String> answer =
                    post(bobAddress, alice.token(), attack.getValue(), Map.of("A2A-Version", "1.0"));
            String refusal = jsonRpcRefusal(answer);
            if (refusal != null) {
                wrong.add(attack.getKey() + " → " + refusal);
            }
        }

        assertEquals(List.of(), wrong, wrong.size() + " of " + attacks.size() + " attacks were not refused properly");
        assertEquals(before, MeshDatabase.rowCounts());
    }

    @Test
    void eachJsonRpcRuleAnswersItsOwnCodeAndIdIn10And03() throws Exception {
        Agent alice = mesh.registerAgent("alice-rules");
        Agent bob = mesh.registerAgent("bob-rules");
        mesh.allow(alice, bob);
        URI bobAddress = api.resolve("../../a2a/" + bob.id());
        Map<String, String> getTask = Map.of("1.0", "GetTask", "0.3", "tasks/get");
        List<String> wrong = new ArrayList<>();
        Map<String, Long> before = MeshDatabase.rowCounts();
        for (Map.Entry<String, String> version : getTask.entrySet()) {
            String method = version.getValue();
            // what is sent → the code and the id the answer must carry
            Map<String, String> rules = new LinkedHashMap<>();
            rules.put("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":", "-32700 null");
            rules.put("[" + rpc("1", method, "{\"id\":\"t\"}") + "]", "-32600 null");
            rules.put("[]", "-32600 null");
            for (String id : List.of("{\"a\":1}", "[1]", "true")) {
                rules.put(rpc(id, method, "{\"id\":\"t\"}"), "-32600 null");
            }
            rules.put(rpc("5", method, "{\"id\":\"t\"}").replace("\"2.0\"", "\"1.0\""), "-32600 5");
            rules.put("{\"jsonrpc\":\"2.0\",\"id\":5,\"params\":{}}", "-32600 5");
            rules.put("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":42}", "-32600 5");
            rules.put(rpc("\"x-1\"", method.equals("GetTask") ? "GetTasks" : "tasks/gets", "{}"), "-32601 \"x-1\"");
            rules.put(rpc("6", method, "[\"t\"]"), "-32602 6");
            rules.put(rpc("6", method, "{}"), "-32602 6");
            rules.put(rpc("6", method, "{\"id\":5}"), "-32602 6");
            rules.put(rpc("12345678901234567890123", method, "{\"id\":\"no-such\"}"), "-32001 12345678901234567890123");
            rules.put(rpc("2.5", method, "{\"id\":\"no-such\"}"), "-32001 2.5");
            rules.put(rpc("\"7\"", method, "{\"id\":\"no-such\"}"), "-32001 \"7\"");
            for (Map.Entry<String, String> rule : rules.entrySet()) {
                HttpResponse<String> answer =
                        post(bobAddress, alice.token(), rule.getKey(), Map.of("A2A-Version", version.getKey()));
                String got = codeAndId(answer);
                if (!got.equals(rule.getValue())) {
                    wrong.add(version.getKey() + " " + rule.getKey() + " → " + got + ", not " + rule.getValue());
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(before, MeshDatabase.rowCounts());
    }

    @Test
    void anUnsupportedVersionIsVersionNotSupportedOnBothBindings() throws Exception {
        Agent alice = mesh.registerAgent("alice-version");
        Agent bob = mesh.registerAgent("bob-version");
        mesh.allow(alice, bob);
        URI bobAddress = api.resolve("../../a2a/" + bob.id());
        for (String version : List.of("0.5", "1.1", "2.0", "garbage")) {
            assertEquals(
                    "-32009 3",
                    codeAndId(post(
                            bobAddress,
                            alice.token(),
                            rpc("3", "GetTask", "{\"id\":\"t\"}"),
                            Map.of("A2A-Version", version))),
                    version);
            HttpResponse<String> rest = http.send(
                    HttpRequest.newBuilder(URI.create(bobAddress + "/tasks/t"))
                            .header("Authorization", "Bearer " + alice.token())
                            .header("A2A-Version", version)
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, rest.statusCode(), rest.body());
            assertTrue(rest.body().contains("\"VERSION_NOT_SUPPORTED\""), rest.body());
        }
        // without the header a 1.0 method is served in 1.0 (a task not found, in 1.0's terms), not refused
        assertEquals(
                "-32001 4",
                codeAndId(post(bobAddress, alice.token(), rpc("4", "GetTask", "{\"id\":\"no-such\"}"), Map.of())));
        // a patch number is not considered
        assertEquals(
                "-32001 4",
                codeAndId(post(
                        bobAddress,
                        alice.token(),
                        rpc("4", "GetTask", "{\"id\":\"no-such\"}"),
                        Map.of("A2A-Version", "1.0.1"))));
    }

    @Test
    void hostileMcpRequestsAreRefusedAndChangeNothing() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}}";
        Map<String, String> attacks = new LinkedHashMap<>();
        for (int i = 0; i < initialize.length() - 1; i += 7) {
            attacks.put("truncated at " + i, initialize.substring(0, i));
        }
        for (String value : List.of("5", "null", "true", "[]", "{}")) {
            attacks.put("method " + value, initialize.replace("\"method\":\"initialize\"", "\"method\":" + value));
            if (!value.equals("5")) { // a number is an id
                attacks.put("id " + value, initialize.replace("\"id\":1", "\"id\":" + value));
            }
            if (!value.equals("{}")) { // an initialize with empty params is taken: the library fills in defaults
                attacks.put(
                        "params " + value,
                        initialize.replace(
                                initialize.substring(initialize.indexOf("{\"protocol"), initialize.length() - 1),
                                value));
            }
        }
        attacks.put("jsonrpc 1.0", initialize.replace("\"2.0\"", "\"1.0\""));
        attacks.put("batch", "[" + initialize + "]");
        attacks.put(
                "tools/call without a session",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"mesh_send_message\",\"arguments\":{\"to\":\"x\",\"text\":\"y\"}}}");
        for (int depth : List.of(10_000, 100_000)) {
            attacks.put(
                    "params " + depth + " deep",
                    initialize.replace(
                            "\"capabilities\":{}",
                            "\"capabilities\":" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)));
        }

        Map<String, String> accept = Map.of("Accept", "application/json, text/event-stream");
        HttpResponse<String> control = post(api.resolve("../../mcp"), alice.token(), initialize, accept);
        assertEquals(200, control.statusCode(), "the valid initialize is taken: " + control.body());

        Map<String, Long> before = MeshDatabase.rowCounts();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> attack : attacks.entrySet()) {
            HttpResponse<String> answer = post(api.resolve("../../mcp"), alice.token(), attack.getValue(), accept);
            boolean refusedAsError = (answer.statusCode() == 400 || answer.statusCode() == 413)
                    && !answer.body().contains("\"result\"");
            if (!refusedAsError) {
                wrong.add(attack.getKey() + " → " + answer.statusCode() + " "
                        + answer.body().substring(0, Math.min(200, answer.body().length())));
            }
        }

        assertEquals(List.of(), wrong, wrong.size() + " of " + attacks.size() + " attacks were not refused properly");
        assertEquals(before, MeshDatabase.rowCounts());
    }

    private static String rpc(String id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    // Null when the answer is a proper refusal: a JSON-RPC error (a standard code, or one of A2A's -32001…-32099 for
    // a well-formed request about no such task), or the door's 400 or 413 problem — not a 401, 403 or 429, which
    // would say the attack was never looked at.
    private static String jsonRpcRefusal(HttpResponse<String> answer) {
        String head = answer.statusCode() + " "
                + answer.body().substring(0, Math.min(300, answer.body().length()));
        if ((answer.statusCode() == 400 || answer.statusCode() == 413)
                && answer.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")) {
            return null;
        }
        if (answer.statusCode() != 200) {
            return head;
        }
        try {
            JsonObject body = Json.createReader(new StringReader(answer.body())).readObject();
            JsonValue code =
                    body.containsKey("error") ? body.getJsonObject("error").get("code") : null;
            boolean refused = !body.containsKey("result")
                    && code instanceof JsonNumber number
                    && number.intValue() >= -32700
                    && number.intValue() <= -32001;
            return refused ? null : head;
        } catch (RuntimeException e) {
            return head + " (" + e + ")";
        }
    }

    // "code id" of a JSON-RPC error answer, the id as it was written back; the status and body otherwise.
    private static String codeAndId(HttpResponse<String> answer) {
        try {
            JsonObject body = Json.createReader(new StringReader(answer.body())).readObject();
            if (answer.statusCode() == 200 && body.containsKey("error")) {
                return body.getJsonObject("error").getInt("code") + " " + body.get("id");
            }
        } catch (RuntimeException e) {
            // not JSON: reported below
        }
        return answer.statusCode() + " "
                + answer.body().substring(0, Math.min(300, answer.body().length()));
    }

    private HttpResponse<String> post(URI uri, String token, String body, Map<String, String> headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

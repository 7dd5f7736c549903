package agentmesh.system;

import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A webhook receiver for A2A push notifications on a port of its own, which can be stopped and started again on it;
 * it answers each POST with the status it is told to and keeps what it accepted.
 */
final class Webhook {

    /** A push the webhook accepted, with the headers a client checks and its trace context. */
    record Push(JsonObject body, String token, String authorization, String contentType, String traceparent) {}

    private final List<Push> received = new CopyOnWriteArrayList<>();
    private final List<JsonObject> attempts = new CopyOnWriteArrayList<>();
    private volatile int status;
    private int port;
    private HttpServer server;

    Webhook(int status) {
        this.status = status;
    }

    synchronized void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        port = server.getAddress().getPort();
        server.createContext("/", exchange -> {
            JsonObject body = Json.createReader(new StringReader(
                            new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)))
                    .readObject();
            attempts.add(body);
            int answer = status;
            Push push = new Push(
                    body,
                    exchange.getRequestHeaders().getFirst("X-A2A-Notification-Token"),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("traceparent"));
            exchange.sendResponseHeaders(answer, -1);
            exchange.close();
            // Kept once its answer is written: a test that stops the webhook as soon as it has received an update
            // must not cut off the answer, or the mesh, never told, rightly sends the update again.
            if (answer == 200) {
                received.add(push);
            }
        });
        server.start();
    }

    synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    void answerWith(int answer) {
        status = answer;
    }

    String url() {
        return "http://127.0.0.1:" + port + "/hook";
    }

    List<Push> received() {
        return received;
    }

    long attemptsOf(String text) {
        return attempts.stream()
                .filter(body -> body.toString().contains("\"" + text + "\""))
                .count();
    }

    /** An update as the tests name it: "message {text}", "status {state}", "artifact {id}". */
    static String describe(Push push) {
        JsonObject body = push.body();
        if (body.containsKey("message")) {
            return "message "
                    + body.getJsonObject("message")
                            .getJsonArray("parts")
                            .getJsonObject(0)
                            .getString("text");
        }
        if (body.containsKey("statusUpdate")) {
            return "status "
                    + body.getJsonObject("statusUpdate").getJsonObject("status").getString("state");
        }
        if (body.containsKey("artifactUpdate")) {
            return "artifact "
                    + body.getJsonObject("artifactUpdate")
                            .getJsonObject("artifact")
                            .getString("artifactId");
        }
        return body.toString();
    }
}

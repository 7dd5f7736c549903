package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import agentmesh.client.TraceContext;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A brain that is a language model behind any OpenAI-compatible chat-completions endpoint, with the mesh's tools
 * ({@link MeshTools}) as functions. For each event the model is told who the agent is, what arrived and the task so
 * far; each tool call it makes is carried out and its result fed back, until it answers without calling one or has
 * taken {@code maxSteps} steps.
 */
final class LlmBrain implements Brain {

    private static final String SYSTEM = """
            You are %s, an agent on Agent Mesh. Other agents reach you in tasks; use the tools to act: reply to \
            the sender, move the task to working while you work and to completed (or failed) when you are done, \
            attach results as artifacts. Keep messages short. Answer without a tool call when you have done \
            what the event needs.""";

    private final URI completions;
    private final String model;
    private final String apiKey;
    private final int maxSteps;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** {@code baseUrl}: the API's base, e.g. {@code https://api.openai.com/v1}; {@code apiKey} may be null. */
    LlmBrain(URI baseUrl, String model, String apiKey, int maxSteps) {
        this.completions = URI.create(baseUrl.toString().replaceAll("/+$", "") + "/chat/completions");
        this.model = model;
        this.apiKey = apiKey;
        this.maxSteps = maxSteps;
    }

    @Override
    public void handle(Actions actions) throws IOException, InterruptedException {
        List<JsonObject> conversation = new ArrayList<>(
                List.of(message("system", SYSTEM.formatted(actions.agentId())), message("user", describe(actions))));
        for (int step = 0; step < maxSteps; step++) {
            JsonObject answer = complete(
                            conversation,
                            actions.event() == null ? null : actions.event().trace())
                    .getJsonArray("choices")
                    .getJsonObject(0)
                    .getJsonObject("message");
            conversation.add(answer);
            if (!answer.containsKey("tool_calls")
                    || answer.isNull("tool_calls")
                    || answer.getJsonArray("tool_calls").isEmpty()) {
                return;
            }
            for (JsonObject call : answer.getJsonArray("tool_calls").getValuesAs(JsonObject.class)) {
                JsonObject function = call.getJsonObject("function");
                JsonObject arguments = Json.createReader(new StringReader(function.getString("arguments", "{}")))
                        .readObject();
                String result = MeshTools.call(function.getString("name"), arguments, actions);
                conversation.add(Json.createObjectBuilder()
                        .add("role", "tool")
                        .add("tool_call_id", call.getString("id"))
                        .add("content", result)
                        .build());
            }
        }
    }

    /** One call of the model, in the trace of the event being handled if it came in one (docs/TRACING.md). */
    private JsonObject complete(List<JsonObject> conversation, TraceContext trace)
            throws IOException, InterruptedException {
        JsonArrayBuilder messages = Json.createArrayBuilder();
        conversation.forEach(messages::add);
        JsonObject body = Json.createObjectBuilder()
                .add("model", model)
                .add("messages", messages)
                .add("tools", MeshTools.definitions())
                .add("tool_choice", "auto")
                .build();
        HttpRequest.Builder request = HttpRequest.newBuilder(completions)
                .timeout(Duration.ofMinutes(2))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        if (trace != null) {
            request.header("traceparent", trace.traceparent());
            if (trace.tracestate() != null) {
                request.header("tracestate", trace.tracestate());
            }
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("the model's endpoint answered " + response.statusCode() + ": " + response.body());
        }
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    private static String describe(Actions actions) {
        InboxEvent event = actions.event();
        return "Event #" + event.cursor() + " in task " + event.taskId() + ": " + Transcript.describe(event)
                + "\nThe task so far: " + MeshTools.call("mesh_read_task", JsonObject.EMPTY_JSON_OBJECT, actions);
    }

    private static JsonObject message(String role, String content) {
        return Json.createObjectBuilder()
                .add("role", role)
                .add("content", content)
                .build();
    }
}

package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A deterministic brain: rules from a JSON file say what to do for which event. For example, a reviewer:
 * <pre>{@code
 * {"start": [],
 *  "rules": [
 *    {"on": "message", "role": "assignee", "do": [
 *       {"status": "working"},
 *       {"think": 2},
 *       {"artifact": {"name": "review", "text": "Reviewed: {text}"}},
 *       {"reply": "Done: {text}"},
 *       {"status": "completed", "reason": "reviewed"}]}]}
 * }</pre>
 * {@code on} is {@code message}, {@code task-status} or {@code artifact}; {@code role} (optional) is the agent's
 * side of the task, {@code requester} or {@code assignee}; {@code state} (optional) the new state of a
 * {@code task-status} event. The first rule that matches is applied; an event no rule matches is only
 * acknowledged. Actions: {@code send} (to, text: opens a task), {@code reply}, {@code status} (with an optional
 * reason), {@code artifact} (name, text), {@code think} (seconds spent before the next action, as a model would).
 * Texts may hold {@code {text}} (the event's message text), {@code {from}} and {@code {taskId}}.
 * {@code start} lists actions done once when meshd starts (again after a restart, with the same ids: see
 * {@link Actions}).
 */
final class ScriptedBrain implements Brain {

    private static final List<String> ACTIONS = List.of("send", "reply", "status", "artifact", "think");

    private record Rule(String on, String role, String state, List<JsonObject> actions) {}

    private final List<JsonObject> start;
    private final List<Rule> rules;

    private ScriptedBrain(List<JsonObject> start, List<Rule> rules) {
        this.start = start;
        this.rules = rules;
    }

    /** The default rules: a reviewer that works each task it is given, attaches a review and completes it. */
    static ScriptedBrain reviewer() {
        try (InputStream rules = ScriptedBrain.class.getResourceAsStream("reviewer.json")) {
            return parse(new String(rules.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ScriptedBrain fromFile(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the rules " + file, e);
        }
    }

    static ScriptedBrain parse(String json) {
        JsonObject document = Json.createReader(new StringReader(json)).readObject();
        List<JsonObject> start = objects(document, "start");
        List<Rule> rules = document.getJsonArray("rules") == null
                ? List.of()
                : document.getJsonArray("rules").getValuesAs(JsonObject.class).stream()
                        .map(rule -> new Rule(
                                rule.getString("on"),
                                rule.getString("role", null),
                                rule.getString("state", null),
                                objects(rule, "do")))
                        .toList();
        rules.forEach(rule -> {
            if (!List.of("message", "task-status", "artifact").contains(rule.on())) {
                throw new IllegalArgumentException("a rule on an unknown event: " + rule.on());
            }
            rule.actions().forEach(ScriptedBrain::requireKnown);
        });
        start.forEach(ScriptedBrain::requireKnown);
        return new ScriptedBrain(start, rules);
    }

    private static void requireKnown(JsonObject step) {
        if (step.keySet().stream().filter(ACTIONS::contains).count() != 1) {
            throw new IllegalArgumentException("an action must be one of " + ACTIONS + ": " + step);
        }
    }

    @Override
    public void start(Actions actions) throws InterruptedException {
        run(start, actions);
    }

    @Override
    public void handle(Actions actions) throws InterruptedException {
        for (Rule rule : rules) {
            if (matches(rule, actions)) {
                run(rule.actions(), actions);
                return;
            }
        }
    }

    private static boolean matches(Rule rule, Actions actions) {
        InboxEvent event = actions.event();
        String on = event instanceof InboxEvent.MessageEvent
                ? "message"
                : event instanceof InboxEvent.StatusEvent ? "task-status" : "artifact";
        if (!rule.on().equals(on)) {
            return false;
        }
        if (rule.state() != null
                && !(event instanceof InboxEvent.StatusEvent status
                        && status.status().state().wireName().equals(rule.state()))) {
            return false;
        }
        if (rule.role() == null) {
            return true;
        }
        boolean requester = actions.readTask(null).requester().equals(actions.agentId());
        return rule.role().equals(requester ? "requester" : "assignee");
    }

    private static void run(List<JsonObject> steps, Actions actions) throws InterruptedException {
        for (JsonObject step : steps) {
            if (step.containsKey("send")) {
                JsonObject send = step.getJsonObject("send");
                actions.sendMessage(send.getString("to"), null, fill(send.getString("text"), actions));
            } else if (step.containsKey("reply")) {
                actions.reply(null, fill(step.getString("reply"), actions));
            } else if (step.containsKey("status")) {
                actions.updateTask(
                        null,
                        TaskState.of(step.getString("status")),
                        step.containsKey("reason") ? fill(step.getString("reason"), actions) : null);
            } else if (step.containsKey("artifact")) {
                JsonObject artifact = step.getJsonObject("artifact");
                actions.addArtifact(null, artifact.getString("name"), fill(artifact.getString("text"), actions));
            } else if (step.containsKey("think")) {
                Thread.sleep(
                        Duration.ofMillis(Math.round(step.getJsonNumber("think").doubleValue() * 1000))
                                .toMillis());
            } else {
                throw new IllegalArgumentException("an unknown action: " + step);
            }
        }
    }

    private static String fill(String template, Actions actions) {
        InboxEvent event = actions.event();
        if (event == null) {
            return template;
        }
        String text = event instanceof InboxEvent.MessageEvent message ? Transcript.text(message) : "";
        return template.replace("{text}", text).replace("{from}", event.from()).replace("{taskId}", event.taskId());
    }

    private static List<JsonObject> objects(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value == JsonValue.NULL
                ? List.of()
                : value.asJsonArray().getValuesAs(JsonObject.class);
    }
}

package agentmesh.a2a.boundary;

import agentmesh.a2a.relay.control.PushNotifications;
import agentmesh.a2a.relay.entity.PushConfig;
import agentmesh.json.MeshJson;
import agentmesh.problem.MeshException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The push notification config operations on the A2A wire, for a caller and a task of its own with the path's agent
 * (any other task is not found). Read liberally: 1.0's {@code TaskPushNotificationConfig} with the config's fields
 * at its top ({@code taskId}, {@code id}, {@code url}, {@code token}, {@code authentication: {scheme,
 * credentials}}), an earlier 1.0 draft's {@code configId} and {@code config}, and 0.3's
 * {@code pushNotificationConfig} (its {@code authentication.schemes}, the first taken). Answered in the version's
 * shape, never with the token or the credentials. A config that does not exist is TaskNotFound, as the
 * specification says.
 */
@ApplicationScoped
class A2aPushConfigs {

    static final int MAX_PAGE = 100;

    @Inject
    PushNotifications push;

    @Inject
    A2aTasks tasks;

    /** CreateTaskPushNotificationConfig, tasks/pushNotificationConfig/set. */
    JsonValue create(String caller, String agent, A2aVersion version, JsonObject params) {
        String taskId = A2aParams.requiredText(params, "taskId");
        tasks.get(caller, agent, taskId, 0);
        return shown(version, stored(() -> push.create(caller, version, config(taskId, params), null)));
    }

    /** A config a SendMessage asked for, checked, with where the caller's inbox stood before the send. */
    record WithSend(PushConfig config, long fromCursor) {}

    /** The config a SendMessage's configuration asks for, checked before the send; empty when it asks for none. */
    Optional<WithSend> requestedWithSend(String caller, A2aVersion version, JsonObject configuration) {
        String field = version == A2aVersion.V1_0 ? "taskPushNotificationConfig" : "pushNotificationConfig";
        if (!(configuration.get(field) instanceof JsonObject requested)) {
            return Optional.empty();
        }
        PushConfig config = config(
                null,
                version == A2aVersion.V1_0
                        ? requested
                        : MeshJson.object()
                                .add("pushNotificationConfig", requested)
                                .build());
        return Optional.of(new WithSend(stored(() -> push.checked(config)), push.inboxPosition(caller)));
    }

    /** Stores the config a SendMessage asked for, for the task the send made or continued: its updates since. */
    void createWithSend(String caller, A2aVersion version, WithSend requested, String taskId) {
        PushConfig config = requested.config();
        stored(() -> push.create(
                caller,
                version,
                new PushConfig(
                        taskId,
                        config.id(),
                        config.url(),
                        config.token(),
                        config.authScheme(),
                        config.authCredentials()),
                requested.fromCursor()));
    }

    JsonValue get(String caller, String agent, A2aVersion version, JsonObject params) {
        String taskId = taskId(version, params);
        tasks.get(caller, agent, taskId, 0);
        String configId = version == A2aVersion.V1_0
                ? A2aParams.requiredText(params, "id")
                : A2aParams.text(params, "pushNotificationConfigId");
        Optional<PushConfig> found = configId != null
                ? push.find(caller, taskId, configId)
                : push.list(caller, taskId, null, 1).stream().findFirst();
        return shown(version, found.orElseThrow(() -> A2aError.taskNotFound(taskId)));
    }

    JsonValue list(String caller, String agent, A2aVersion version, JsonObject params) {
        String taskId = taskId(version, params);
        tasks.get(caller, agent, taskId, 0);
        if (version == A2aVersion.V0_3) {
            JsonArrayBuilder all = MeshJson.array();
            push.list(caller, taskId, null, MAX_PAGE).forEach(config -> all.add(shown(version, config)));
            return all.build();
        }
        Long asked = A2aParams.wholeNumber(params, "pageSize");
        if (asked != null && (asked < 0 || asked > MAX_PAGE)) {
            throw A2aError.invalidParams("pageSize", "must be 1-" + MAX_PAGE + " (0 or absent: " + MAX_PAGE + ")");
        }
        int pageSize = asked == null || asked == 0 ? MAX_PAGE : asked.intValue();
        List<PushConfig> page = push.list(caller, taskId, A2aParams.text(params, "pageToken"), pageSize + 1);
        JsonArrayBuilder configs = MeshJson.array();
        page.stream().limit(pageSize).forEach(config -> configs.add(shown(version, config)));
        return MeshJson.object()
                .add("configs", configs)
                .add(
                        "nextPageToken",
                        page.size() > pageSize ? page.get(pageSize - 1).id() : "")
                .build();
    }

    JsonValue delete(String caller, String agent, A2aVersion version, JsonObject params) {
        String taskId = taskId(version, params);
        tasks.get(caller, agent, taskId, 0);
        push.delete(
                caller,
                taskId,
                A2aParams.requiredText(params, version == A2aVersion.V1_0 ? "id" : "pushNotificationConfigId"));
        return version == A2aVersion.V1_0 ? JsonValue.EMPTY_JSON_OBJECT : JsonValue.NULL;
    }

    private static String taskId(A2aVersion version, JsonObject params) {
        return A2aParams.requiredText(params, version == A2aVersion.V1_0 ? "taskId" : "id");
    }

    // The config wherever the request put it: 0.3's pushNotificationConfig, a draft's config, or 1.0's top level.
    static PushConfig config(String taskId, JsonObject params) {
        JsonObject config = params.get("pushNotificationConfig") instanceof JsonObject nested
                ? nested
                : params.get("config") instanceof JsonObject drafted ? drafted : params;
        String id = A2aParams.text(params, "configId");
        if (id == null) {
            id = A2aParams.text(config, "id");
        }
        String scheme = null;
        String credentials = null;
        if (config.get("authentication") instanceof JsonObject authentication) {
            scheme = A2aParams.text(authentication, "scheme");
            if (scheme == null && authentication.get("schemes") instanceof JsonArray schemes && !schemes.isEmpty()) {
                scheme = schemes.getString(0, null);
            }
            credentials = A2aParams.text(authentication, "credentials");
        }
        return new PushConfig(
                taskId,
                id,
                A2aParams.requiredText(config, "url"),
                A2aParams.text(config, "token"),
                scheme,
                credentials);
    }

    static JsonObject shown(A2aVersion version, PushConfig config) {
        JsonObjectBuilder shown = MeshJson.object().add("id", config.id()).add("url", config.url());
        if (version == A2aVersion.V1_0) {
            if (config.authScheme() != null) {
                shown.add("authentication", MeshJson.object().add("scheme", config.authScheme()));
            }
            return MeshJson.object()
                    .add("taskId", config.taskId())
                    .addAll(shown)
                    .build();
        }
        if (config.authScheme() != null) {
            shown.add(
                    "authentication",
                    MeshJson.object().add("schemes", MeshJson.array().add(config.authScheme())));
        }
        return MeshJson.object()
                .add("taskId", config.taskId())
                .add("pushNotificationConfig", shown)
                .build();
    }

    // The mesh's refusals (a bad field, too many configs) as A2A errors.
    private static <T> T stored(Supplier<T> operation) {
        try {
            return operation.get();
        } catch (MeshException e) {
            throw A2aError.of(e);
        }
    }
}

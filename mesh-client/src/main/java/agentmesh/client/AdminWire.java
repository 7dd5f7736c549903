package agentmesh.client;

import jakarta.json.JsonObject;

/** The admin API's JSON shapes, read into {@link MeshAdmin}'s records. */
final class AdminWire {

    private AdminWire() {}

    static MeshAdmin.Credentials credentials(JsonObject json) {
        return new MeshAdmin.Credentials(
                json.getString("agentId"), Wire.optionalString(json, "displayName"), json.getString("token"));
    }

    static MeshAdmin.AgentInfo agentInfo(JsonObject json) {
        return new MeshAdmin.AgentInfo(
                json.getString("agentId"),
                Wire.optionalString(json, "displayName"),
                Wire.instant(json, "createdAt"),
                Wire.strings(json, "contacts"),
                Wire.instant(json, "disabledAt"));
    }

    static MeshAdmin.AgentCard card(JsonObject json) {
        return new MeshAdmin.AgentCard(
                json.getString("agentId"),
                Wire.optionalString(json, "displayName"),
                Wire.optionalString(json, "description"),
                Wire.list(json, "skills", MeshAdmin.Skill::of));
    }

    static MeshAdmin.RemoteAgent remoteAgent(JsonObject json) {
        return new MeshAdmin.RemoteAgent(
                json.getString("agentId"),
                json.getString("cardUrl"),
                Wire.optionalString(json, "endpoint"),
                Wire.optionalString(json, "protocolVersion"),
                Wire.optionalString(json, "name"),
                json.getJsonNumber("relayedCursor").longValue(),
                json.getInt("attempts"),
                Wire.instant(json, "nextAttemptAt"),
                Wire.optionalString(json, "lastError"));
    }

    static MeshAdmin.PushConfig pushConfig(JsonObject json) {
        return new MeshAdmin.PushConfig(
                json.getString("agentId"),
                json.getString("taskId"),
                json.getString("configId"),
                json.getString("url"),
                Wire.optionalString(json, "protocolVersion"),
                json.getJsonNumber("pushedCursor").longValue(),
                json.getInt("attempts"),
                Wire.optionalString(json, "lastError"),
                json.getBoolean("ended", false));
    }

    static MeshAdmin.OutboxEvent outboxEvent(JsonObject json) {
        return new MeshAdmin.OutboxEvent(
                json.getJsonNumber("id").longValue(),
                json.getString("key"),
                json.getString("type"),
                Wire.optionalString(json, "taskId"),
                json.getString("status"),
                json.getInt("attempts"),
                Wire.instant(json, "nextAttemptAt"),
                Wire.optionalString(json, "lastError"),
                Wire.instant(json, "createdAt"),
                Wire.instant(json, "sentAt"));
    }

    static MeshAdmin.DeadLetter deadLetter(JsonObject json) {
        return new MeshAdmin.DeadLetter(
                json.getJsonNumber("id").longValue(),
                json.getString("topic"),
                json.getInt("partition"),
                json.getJsonNumber("offset").longValue(),
                Wire.optionalString(json, "key"),
                Wire.optionalString(json, "error"),
                json.getInt("attempts"),
                json.getString("status"),
                Wire.instant(json, "createdAt"),
                Wire.instant(json, "replayedAt"));
    }

    static MeshAdmin.OutboundDeadLetter outboundDeadLetter(JsonObject json) {
        return new MeshAdmin.OutboundDeadLetter(
                json.getJsonNumber("id").longValue(),
                json.getString("agentId"),
                Wire.optionalString(json, "targetKey"),
                json.getJsonNumber("cursor").longValue(),
                Wire.optionalString(json, "error"),
                Wire.instant(json, "parkedAt"),
                Wire.instant(json, "replayedAt"));
    }
}

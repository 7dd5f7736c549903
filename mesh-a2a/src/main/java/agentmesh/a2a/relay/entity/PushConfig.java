package agentmesh.a2a.relay.entity;

/**
 * An A2A client's webhook for a task, whatever the version that set it: where the task's updates are POSTed, with
 * the client's {@code token} ({@code X-A2A-Notification-Token}) and credentials ({@code Authorization:
 * {authScheme} {authCredentials}}), each absent when the client gave none. {@code id} is the client's, or made by the
 * mesh when it gave none. Read back, a config shows neither token nor credentials ({@link #withoutSecrets()}).
 */
public record PushConfig(
        String taskId, String id, String url, String token, String authScheme, String authCredentials) {

    public PushConfig withoutSecrets() {
        return new PushConfig(taskId, id, url, null, authScheme, null);
    }

    @Override
    public String toString() {
        return "PushConfig[" + taskId + "/" + id + " to " + url + "]";
    }
}

package agentmesh.a2a.relay.control;

import agentmesh.problem.MeshException;

/** The client has {@code mesh.a2a.push.max-configs-per-agent} configs not ended: one must end or go first. */
public class TooManyPushConfigsException extends MeshException {

    private static final int RETRY_AFTER_SECONDS = 60;

    TooManyPushConfigsException(String agentId, int max) {
        super(
                429,
                "too-many-push-configs",
                "Too many push notification configs",
                agentId + " has " + max
                        + " push notification configs of tasks not ended (mesh.a2a.push.max-configs-per-agent); delete one,"
                        + " or wait for a task to end");
    }

    @Override
    public int retryAfterSeconds() {
        return RETRY_AFTER_SECONDS;
    }
}

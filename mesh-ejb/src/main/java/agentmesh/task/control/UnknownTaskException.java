package agentmesh.task.control;

import agentmesh.platform.MeshException;

public class UnknownTaskException extends MeshException {

    public UnknownTaskException(String taskId) {
        super(404, "unknown-task", "Unknown task", "No task " + taskId);
    }
}

package agentmesh.task.control;

import agentmesh.problem.MeshException;

public class UnknownTaskException extends MeshException {

    public UnknownTaskException(String taskId) {
        super(404, "unknown-task", "Unknown task", "No task " + taskId);
    }
}

package agentmesh.task.control;

import agentmesh.problem.MeshException;

public class TaskAccessDeniedException extends MeshException {

    public TaskAccessDeniedException(String taskId, String agentId) {
        super(
                403,
                "task-access-denied",
                "Not a party to the task",
                agentId + " is neither the requester nor the assignee of task " + taskId);
    }
}

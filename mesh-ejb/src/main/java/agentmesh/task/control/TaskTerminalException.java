package agentmesh.task.control;

import agentmesh.problem.MeshException;
import agentmesh.task.entity.TaskState;

public class TaskTerminalException extends MeshException {

    public TaskTerminalException(String taskId, TaskState state) {
        super(
                409,
                "task-terminal",
                "Task is finished",
                "Task " + taskId + " is " + state.wireName() + " and takes no more messages");
    }
}

package agentmesh.task.control;

import agentmesh.problem.MeshException;
import agentmesh.task.entity.TaskState;

public class IllegalTransitionException extends MeshException {

    public IllegalTransitionException(String taskId, TaskState current, TaskState target) {
        super(
                409,
                "illegal-transition",
                "Illegal task transition",
                "Task " + taskId + " is " + current.wireName() + (current.isTerminal() ? ", which is final" : "")
                        + "; it cannot become " + target.wireName());
    }
}

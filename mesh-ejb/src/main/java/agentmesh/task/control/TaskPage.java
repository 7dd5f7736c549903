package agentmesh.task.control;

import java.util.List;

/** A page of tasks (without their histories); {@code nextCursor} fetches the next page, null on the last one. */
public record TaskPage(List<TaskView> tasks, String nextCursor) {}

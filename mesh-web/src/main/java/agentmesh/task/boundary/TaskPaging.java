package agentmesh.task.boundary;

import agentmesh.paging.TimeOrderCursor;
import agentmesh.web.PageQuery;

/** How the task routes, the agents' and the admin's, read a state and their cursors. */
final class TaskPaging {

    static final String STATES =
            "submitted|working|input-required|auth-required|completed|failed|canceled" + "|rejected";

    private TaskPaging() {}

    /** A task listing's cursor (opaque), or null for the first page. */
    static TimeOrderCursor cursor(PageQuery page) {
        String cursor = page.cursor("[A-Za-z0-9_-]{1,400}");
        return cursor == null ? null : TimeOrderCursor.decode(cursor);
    }

    /** A cursor of a task's messages (a seq) or artifacts; 0, from the first, when none is given. */
    static long position(PageQuery page) {
        Long position = page.position();
        return position == null ? 0 : position;
    }
}

package agentmesh.inbox.boundary;

import agentmesh.web.PageQuery;
import agentmesh.web.QueryNumbers;

/** The numbers of an inbox request (see {@link QueryNumbers} for why by hand). */
record InboxQuery(Long after, int limit, int waitSeconds) {

    static final int MAX_LIMIT = 500;
    static final int MAX_WAIT_SECONDS = 60;

    static InboxQuery of(PageQuery page, String wait) {
        return new InboxQuery(
                page.position(), page.limit(100, MAX_LIMIT), QueryNumbers.parse("wait", wait, 0, 0, MAX_WAIT_SECONDS));
    }
}

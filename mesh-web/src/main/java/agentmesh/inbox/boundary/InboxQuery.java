package agentmesh.inbox.boundary;

import agentmesh.web.QueryNumbers;

/** The numbers of an inbox request (see {@link QueryNumbers} for why by hand). */
record InboxQuery(Long after, int limit, int waitSeconds) {

    static final int MAX_LIMIT = 500;
    static final int MAX_WAIT_SECONDS = 60;

    static InboxQuery of(String after, String limit, String wait) {
        return new InboxQuery(after == null ? null : QueryNumbers.parse("after", after, 0, Long.MAX_VALUE),
                QueryNumbers.parse("limit", limit, 100, 1, MAX_LIMIT),
                QueryNumbers.parse("wait", wait, 0, 0, MAX_WAIT_SECONDS));
    }
}

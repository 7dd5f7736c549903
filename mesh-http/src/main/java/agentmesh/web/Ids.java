package agentmesh.web;

/** The formats of the ids that cross the API (see API.md). */
public final class Ids {

    public static final String AGENT_ID = "[A-Za-z0-9._@-]{3,128}";
    public static final String MESSAGE_ID = "[A-Za-z0-9._@:-]{1,200}";
    public static final String TASK_ID = "[A-Za-z0-9._:-]{1,64}";
    public static final String CONTEXT_ID = TASK_ID;

    private Ids() {}
}

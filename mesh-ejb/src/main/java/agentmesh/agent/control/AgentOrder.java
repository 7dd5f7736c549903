package agentmesh.agent.control;

/** The orders the admin's listing of agents comes in. */
public enum AgentOrder {
    /** By id, the cursor being the last id of the page. */
    ID,
    /** Most recently active first (never active last, by id), the cursor an opaque token. */
    ACTIVITY
}

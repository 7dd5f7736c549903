package agentmesh.meshd;

/**
 * An agent's reasoning: what it does about one inbox event, through the {@link Actions} it is given. meshd hands it
 * one event at a time and acknowledges the event only when {@link #handle} returns; an exception leaves the event
 * unacknowledged, to be handled again when meshd restarts.
 */
interface Brain {

    /** What the agent does once when it starts (e.g. open a task); nothing unless a brain says. */
    default void start(Actions actions) throws Exception {}

    void handle(Actions actions) throws Exception;
}

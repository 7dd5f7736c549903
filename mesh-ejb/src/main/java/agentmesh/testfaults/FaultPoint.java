package agentmesh.testfaults;

/** Places in the code where a test may make the mesh fail on purpose (see {@link Faults}). */
public enum FaultPoint {
    /** After the message row is inserted and before the outbox event is: the transaction must leave neither. */
    AFTER_MESSAGE_INSERT
}

package agentmesh.stack;

/** A part of the stack could not be started or stopped; the message says which and why, for the operator. */
public class StackException extends RuntimeException {

    public StackException(String message) {
        super(message);
    }

    public StackException(String message, Throwable cause) {
        super(message, cause);
    }
}

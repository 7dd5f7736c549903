package agentmesh.retry;

/**
 * The failed tries of one piece of work in a row: all of them ({@code tries}, which set the wait) and those that
 * were its own fault ({@code counted}, which park it). A failure of the surroundings is a try, not a count.
 */
public record Attempts(int tries, int counted) {

    public static final Attempts NONE = new Attempts(0, 0);

    public Attempts {
        if (tries < 0 || counted < 0 || counted > tries) {
            throw new IllegalArgumentException("attempts need 0 <= counted <= tries");
        }
    }

    /** One more failed try; {@code ownFault} false for a failure of the surroundings. */
    public Attempts failed(boolean ownFault) {
        return new Attempts(tries + 1, counted + (ownFault ? 1 : 0));
    }
}

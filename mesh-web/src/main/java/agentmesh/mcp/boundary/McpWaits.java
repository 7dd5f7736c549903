package agentmesh.mcp.boundary;

import agentmesh.problem.MeshException;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * The {@code mesh_wait_for_message} calls waiting at once on this server, at most {@code mesh.mcp.max-waits}: each
 * holds its request's thread (the MCP library's servlet blocks it until the answer), and the server's HTTP threads
 * serve every other request too. Past the cap a wait is refused at once (503, retry in a second) rather than take a
 * thread; an agent's own waits are bounded before that by its MCP share.
 */
final class McpWaits {

    private final int max;
    private final Semaphore places;

    McpWaits(int max) {
        this.max = max;
        this.places = new Semaphore(max);
    }

    /** The wait, in one of the places; {@link TooManyWaitsException} when all are taken. */
    <T> T within(Supplier<T> wait) {
        if (!places.tryAcquire()) {
            throw new TooManyWaitsException(max);
        }
        try {
            return wait.get();
        } finally {
            places.release();
        }
    }

    /** 503: the server's MCP waits are all taken; one ends within a minute, most much sooner. */
    static class TooManyWaitsException extends MeshException {

        TooManyWaitsException(int max) {
            super(
                    503,
                    "over-capacity",
                    "Server over capacity",
                    "The mesh has " + max + " MCP waits for a message open (mesh.mcp.max-waits); retry in 1 s");
        }

        @Override
        public int retryAfterSeconds() {
            return 1;
        }
    }
}

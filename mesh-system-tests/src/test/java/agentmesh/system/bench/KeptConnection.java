package agentmesh.system.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;

/**
 * One thread's connection to the mesh, as a client's pool keeps it: opened when a request needs it, kept alive between
 * requests, opened again when the server ended it, it idled long or a request failed on it. A request the server
 * never saw because it had closed the idle connection ({@link Http1Connection.StaleConnectionException}) goes again
 * once on a new one, as HTTP clients do. {@link #close()} may come from another thread, to end a blocked read.
 */
final class KeptConnection implements AutoCloseable {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final URI origin;
    private final Duration readTimeout;
    private volatile Http1Connection connection;
    private volatile boolean closed;
    private boolean openedForLast;

    KeptConnection(URI origin, Duration readTimeout) {
        this.origin = origin;
        this.readTimeout = readTimeout;
    }

    /** Sends the request and reads the whole answer. */
    Http1Connection.Answer exchange(byte[] request) throws IOException {
        return onConnection(connection -> connection.exchange(request));
    }

    /** Sends the request and reads the answer's head; its body follows in {@link #body()}. */
    Http1Connection.Head send(byte[] request) throws IOException {
        return onConnection(connection -> connection.send(request));
    }

    /** The body of the answer whose head {@link #send} returned. */
    InputStream body() throws IOException {
        Http1Connection open = connection;
        if (open == null) {
            throw new IOException("closed");
        }
        return open.body();
    }

    /**
     * Whether the last request opened the connection it went on (its time includes the connect and the server's
     * accept), not one kept from a request before. Read by the thread that made the request.
     */
    boolean openedForLast() {
        return openedForLast;
    }

    /** Ends the connection for good: a request under way fails, and no other is made. */
    @Override
    public void close() {
        closed = true;
        discard();
    }

    // Drops the current connection; the next request opens another.
    private void discard() {
        Http1Connection open = connection;
        connection = null;
        if (open != null) {
            open.close();
        }
    }

    private interface Call<T> {
        T on(Http1Connection connection) throws IOException;
    }

    private <T> T onConnection(Call<T> call) throws IOException {
        try {
            try {
                return call.on(current());
            } catch (Http1Connection.StaleConnectionException e) {
                discard();
                return call.on(current());
            }
        } catch (IOException | RuntimeException e) {
            discard();
            throw e;
        }
    }

    private Http1Connection current() throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        Http1Connection open = connection;
        openedForLast = open == null || !open.reusable();
        if (openedForLast) {
            discard();
            open = new Http1Connection(origin, CONNECT_TIMEOUT, readTimeout);
            connection = open;
        }
        if (closed) { // closed while it was opened
            discard();
            throw new IOException("closed");
        }
        return open;
    }
}

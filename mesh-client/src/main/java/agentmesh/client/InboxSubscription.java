package agentmesh.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A live inbox stream (Server-Sent Events) handed to a listener one event at a time, in cursor order, on a thread of
 * its own. A lost connection is opened again from the last event the listener returned from ({@code Last-Event-ID}),
 * after a backoff; the mesh resumes there with no gap and no repeat. It ends when closed, when the listener throws
 * (that event counts as not handled), or when the mesh refuses the stream (a rotated token: 401); the listener hears
 * why in {@link Listener#ended}.
 */
public final class InboxSubscription implements AutoCloseable {

    /** Receives the events, and the end of the stream. */
    public interface Listener {

        void onEvent(InboxEvent event) throws Exception;

        /** The stream ended: {@code cause} is null when it was closed, else why it stopped. */
        default void ended(Throwable cause) {}
    }

    private final MeshHttp http;
    private final RetryPolicy retries;
    private final Listener listener;
    private final AtomicReference<InputStream> open = new AtomicReference<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;
    private volatile Long lastCursor;
    private volatile boolean closed;

    private InboxSubscription(String agentId, MeshHttp http, RetryPolicy retries, Long after, Listener listener) {
        this.http = http;
        this.retries = retries;
        this.listener = listener;
        this.lastCursor = after;
        this.thread = new Thread(this::run, "mesh-inbox-" + agentId);
        thread.setDaemon(true);
    }

    static InboxSubscription start(String agentId, MeshHttp http, RetryPolicy retries, Long after, Listener listener) {
        InboxSubscription subscription = new InboxSubscription(agentId, http, retries, after, listener);
        subscription.thread.start();
        return subscription;
    }

    /** The cursor of the last event the listener handled; empty before the first (and with no start cursor). */
    public Optional<Long> lastCursor() {
        return Optional.ofNullable(lastCursor);
    }

    /** Stops the stream and waits until the listener is no longer called. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(open.getAndSet(null));
        if (Thread.currentThread() != thread) {
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        Throwable cause = null;
        int failures = 0;
        try {
            while (!closed) {
                try (InputStream stream = http.openStream("inbox/stream", Optional.ofNullable(lastCursor))) {
                    open.set(stream);
                    if (closed) {
                        break;
                    }
                    failures = 0;
                    read(stream);
                } catch (IOException | MeshProblemException.Overloaded e) {
                    if (!closed) {
                        MeshHttp.sleep(retries.backoff(++failures)); // lost, or refused for now: open it again
                    }
                }
            }
        } catch (Throwable e) {
            cause = closed ? null : e;
        } finally {
            open.set(null);
            done.countDown();
            listener.ended(cause);
        }
    }

    /** Reads events until the stream ends; each is handed over once the blank line after it arrives. */
    private void read(InputStream stream) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
        StringBuilder data = new StringBuilder();
        for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    InboxEvent event = Wire.event(Wire.parse(data.toString()));
                    try {
                        listener.onEvent(event);
                    } catch (Exception e) {
                        throw new ListenerFailed(event, e); // not a lost connection: the stream ends here
                    }
                    lastCursor = event.cursor();
                    data.setLength(0);
                }
            } else if (line.startsWith("data:")) {
                data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
            }
            // id: and event: repeat what the data holds; lines starting with ':' keep the connection alive
        }
    }

    /** The listener threw on an event; that event counts as not handled. */
    public static final class ListenerFailed extends RuntimeException {

        private final transient InboxEvent event;

        ListenerFailed(InboxEvent event, Exception cause) {
            super("the listener failed on inbox event " + event.cursor() + ": " + cause, cause);
            this.event = event;
        }

        public InboxEvent event() {
            return event;
        }
    }

    private static void closeQuietly(InputStream stream) {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException e) {
                // closing to stop reading: nothing to do
            }
        }
    }
}

package agentmesh.a2a.relay.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A Server-Sent Events body, read by one consumer thread with {@link #next()}: each event's {@code data} (its lines
 * joined by newlines), as it completes. Bounded: an event (or a line) past {@code maxEventBytes} ends the stream
 * with {@link TooLargeException}; no event and no keep-alive comment for {@code idle} ends it with a timeout; at
 * {@code end} (a {@link System#nanoTime()}) it ends as if the server had closed it. Bytes are asked for only while
 * fewer than {@link #READY} events wait for the consumer, so a fast server cannot fill the memory either.
 */
final class EventStreamBody extends WatchedBody<Void> implements AutoCloseable {

    static final int READY = 8;
    private static final Object END = new Object();

    private final long maxEventBytes;
    private final long idleNanos;
    private final long end;
    private final LinkedBlockingQueue<Object> ready = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final StringBuilder data = new StringBuilder();
    private long dataBytes;
    private boolean afterCarriageReturn;
    private boolean starved;
    private Flow.Subscription subscription;

    EventStreamBody(long maxEventBytes, long idleNanos, long end) {
        this.maxEventBytes = maxEventBytes;
        this.idleNanos = idleNanos;
        this.end = end;
    }

    @Override
    synchronized void subscribed(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (cancelled()) {
            return;
        }
        for (ByteBuffer buffer : buffers) {
            while (buffer.hasRemaining()) {
                if (!read(buffer.get())) {
                    return;
                }
            }
        }
        synchronized (this) {
            if (ready.size() < READY) {
                subscription.request(1);
            } else {
                starved = true;
            }
        }
    }

    // One byte of the stream; false once the stream is over.
    private boolean read(byte b) {
        if (b == '\n' && afterCarriageReturn) {
            afterCarriageReturn = false; // the second half of CRLF
            return true;
        }
        afterCarriageReturn = b == '\r';
        if (b == '\n' || b == '\r') {
            return endOfLine();
        }
        line.write(b);
        if (line.size() + dataBytes > maxEventBytes) {
            fail(new TooLargeException("a stream event is larger than " + maxEventBytes + " bytes"));
            return false;
        }
        return true;
    }

    private boolean endOfLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        int bytes = line.size();
        line.reset();
        if (text.isEmpty()) {
            dispatch();
        } else if (text.startsWith(":")) {
            progressed(); // a keep-alive comment: the server is there
        } else if (text.equals("data") || text.startsWith("data:")) {
            String value = text.length() <= 5 ? "" : text.substring(text.charAt(5) == ' ' ? 6 : 5);
            if (dataBytes > 0) {
                data.append('\n');
            }
            data.append(value);
            dataBytes += bytes + 1L; // at least the value's bytes, and never 0 for an empty data line
        }
        return true; // event:, id:, retry: and unknown fields mean nothing here
    }

    private void dispatch() {
        if (dataBytes > 0) {
            ready.add(data.toString());
            data.setLength(0);
            dataBytes = 0;
            progressed();
        }
    }

    private void fail(IOException failure) {
        cancel();
        ready.add(failure);
        done.complete(null);
    }

    @Override
    public void onError(Throwable failure) {
        ready.add(failure instanceof IOException io ? io : new IOException(failure.toString(), failure));
        done.complete(null);
    }

    @Override
    public void onComplete() {
        if (line.size() > 0) {
            endOfLine();
        }
        dispatch(); // a last event the server did not end with a blank line
        ready.add(END);
        done.complete(null);
    }

    @Override
    public CompletionStage<Void> getBody() {
        return done;
    }

    /**
     * The next event's data; null once the stream is over (the server ended it, or its time is up). An
     * IOException when it broke, went idle or brought an event too large.
     */
    String next() throws IOException, InterruptedException {
        while (true) {
            long now = System.nanoTime();
            if (now - end >= 0) {
                cancel();
                return null;
            }
            long idleUntil = lastProgress() + idleNanos;
            if (now - idleUntil >= 0) {
                cancel();
                throw new HttpTimeoutException(
                        "no stream event for " + RemoteLimits.describe(Duration.ofNanos(idleNanos)));
            }
            Object item = ready.poll(Math.min(idleUntil - now, end - now), TimeUnit.NANOSECONDS);
            if (item == null) {
                continue; // a keep-alive may have moved the idle bound
            }
            resume();
            if (item == END) {
                ready.add(END); // over for every later call too
                return null;
            }
            if (item instanceof IOException failure) {
                ready.add(failure);
                throw failure;
            }
            return (String) item;
        }
    }

    private synchronized void resume() {
        if (starved && ready.size() < READY && !cancelled()) {
            starved = false;
            subscription.request(1);
        }
    }

    @Override
    void cancel() {
        super.cancel();
        done.complete(null); // the server's end will not come now
    }

    @Override
    public void close() {
        cancel();
    }
}

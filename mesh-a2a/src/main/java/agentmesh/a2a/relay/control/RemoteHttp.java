package agentmesh.a2a.relay.control;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * HTTP exchanges with remote A2A servers, each within {@link RemoteLimits}: the connection, the answer's head, every
 * pause in its body and the whole answer are timed, and its bytes counted — a server that sends slowly, pauses or
 * sends too much is cut off (the connection closed) with an IOException, never waited for or buffered without end.
 * Redirects are not followed: a 3xx is an answer like any other, so a call never reaches a URL the
 * {@link UrlPolicy} has not seen, and the bearer token never leaves for another origin.
 */
final class RemoteHttp {

    record Answer(int status, byte[] body) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** What an exchange that may stream brought: a whole answer, or a stream of events to read. */
    sealed interface Opened {}

    record Answered(Answer answer) implements Opened {}

    record Streaming(EventStreamBody events) implements Opened {}

    private final HttpClient client;
    private final RemoteLimits limits;

    RemoteHttp(RemoteLimits limits) {
        this.limits = limits;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(limits.connect())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Sends the request and reads its whole answer, of at most {@code maxBytes}. */
    Answer send(HttpRequest.Builder request, long maxBytes) throws IOException, InterruptedException {
        long start = System.nanoTime();
        AtomicReference<WatchedBody<?>> body = new AtomicReference<>();
        CompletableFuture<HttpResponse<byte[]>> sent =
                client.sendAsync(request.timeout(limits.firstByte()).build(), info -> {
                    LimitedBody whole = new LimitedBody(maxBytes);
                    body.set(whole);
                    return whole;
                });
        HttpResponse<byte[]> response =
                await(sent, body, start, start + limits.call().toNanos());
        return new Answer(response.statusCode(), response.body());
    }

    /**
     * Sends a request whose answer may be a stream: a 2xx {@code text/event-stream} answer is handed over as it
     * comes (until {@link RemoteLimits#stream()} is up), any other is read whole like {@link #send}'s.
     */
    @SuppressWarnings("unchecked")
    Opened open(HttpRequest.Builder request) throws IOException, InterruptedException {
        long start = System.nanoTime();
        AtomicReference<WatchedBody<?>> body = new AtomicReference<>();
        AtomicInteger status = new AtomicInteger();
        CompletableFuture<Void> head = new CompletableFuture<>();
        CompletableFuture<HttpResponse<Object>> sent =
                client.sendAsync(request.timeout(limits.firstByte()).build(), info -> {
                    WatchedBody<?> chosen = isEventStream(info)
                            ? new EventStreamBody(
                                    limits.maxEventBytes(),
                                    limits.idle().toNanos(),
                                    start + limits.stream().toNanos())
                            : new LimitedBody(limits.maxAnswerBytes());
                    body.set(chosen);
                    status.set(info.statusCode());
                    head.complete(null);
                    return (HttpResponse.BodySubscriber<Object>) chosen;
                });
        sent.whenComplete((response, failure) -> {
            if (failure != null) {
                head.completeExceptionally(failure);
            }
        });
        try {
            head.get(limits.firstByte().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abort(sent, body.get());
            throw new HttpTimeoutException("no answer within " + RemoteLimits.describe(limits.firstByte()));
        } catch (ExecutionException e) {
            throw ioException(e.getCause());
        } catch (InterruptedException e) {
            abort(sent, body.get());
            throw e;
        }
        if (body.get() instanceof EventStreamBody events) {
            return new Streaming(events);
        }
        HttpResponse<Object> response =
                await(sent, body, start, start + limits.call().toNanos());
        return new Answered(new Answer(status.get(), (byte[]) response.body()));
    }

    private <T> HttpResponse<T> await(
            CompletableFuture<HttpResponse<T>> sent, AtomicReference<WatchedBody<?>> body, long start, long end)
            throws IOException, InterruptedException {
        while (true) {
            long deadline = deadline(body.get(), start, end);
            try {
                return sent.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                WatchedBody<?> reading = body.get();
                long now = System.nanoTime();
                if (now - deadline(reading, start, end) < 0) {
                    continue; // the head came, or bytes did, meanwhile
                }
                abort(sent, reading);
                throw new HttpTimeoutException(
                        reading == null
                                ? "no answer within " + RemoteLimits.describe(limits.firstByte())
                                : now - end >= 0
                                        ? "the answer took longer than " + RemoteLimits.describe(limits.call())
                                        : "the answer paused for more than " + RemoteLimits.describe(limits.idle()));
            } catch (ExecutionException e) {
                throw ioException(e.getCause());
            } catch (CancellationException e) {
                throw new IOException("the call was cancelled");
            } catch (InterruptedException e) {
                abort(sent, body.get());
                throw e;
            }
        }
    }

    // Before the head: the first-byte bound; after: the idle bound from the last bytes; always the whole's.
    private long deadline(WatchedBody<?> reading, long start, long end) {
        long bound = reading == null
                ? start + limits.firstByte().toNanos()
                : reading.lastProgress() + limits.idle().toNanos();
        return bound - end < 0 ? bound : end;
    }

    private static void abort(CompletableFuture<?> sent, WatchedBody<?> reading) {
        if (reading != null) {
            reading.cancel();
        }
        sent.cancel(true);
    }

    private static boolean isEventStream(HttpResponse.ResponseInfo info) {
        return info.statusCode() / 100 == 2
                && info.headers()
                        .firstValue("Content-Type")
                        .map(type -> type.toLowerCase(Locale.ROOT).startsWith("text/event-stream"))
                        .orElse(false);
    }

    private static IOException ioException(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof IOException io ? io : new IOException(cause.toString(), cause);
    }
}

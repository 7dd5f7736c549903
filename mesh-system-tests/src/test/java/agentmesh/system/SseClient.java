package agentmesh.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A minimal Server-Sent Events client: collects the events of one connection until it is closed. Lines are taken
 * as they come, without a thread per stream, so a test can hold a thousand streams open.
 */
final class SseClient implements AutoCloseable {

    record Event(String id, String name, String data) {}

    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<Integer> status = new CompletableFuture<>();
    private final CompletableFuture<HttpResponse<Void>> response;
    private volatile Flow.Subscription subscription;

    SseClient(URI uri, String token, Optional<String> lastEventId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream");
        lastEventId.ifPresent(id -> request.header("Last-Event-ID", id));
        // The status is known with the headers; the response itself completes only when the stream ends.
        response = HTTP.sendAsync(request.build(), head -> {
            status.complete(head.statusCode());
            return HttpResponse.BodySubscribers.fromLineSubscriber(new Lines());
        });
        response.whenComplete((answer, failure) ->
                status.completeExceptionally(failure != null ? failure : new IllegalStateException("no answer")));
    }

    int status() throws Exception {
        return status.get(30, TimeUnit.SECONDS);
    }

    /** The next {@code count} events, waiting up to the timeout for each. */
    List<Event> take(int count, Duration timeout) throws InterruptedException {
        List<Event> taken = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Event event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (event == null) {
                throw new AssertionError("only " + taken.size() + " of " + count + " events arrived: " + taken);
            }
            taken.add(event);
        }
        return taken;
    }

    /** Whether the server ends the stream within the timeout. */
    boolean endsWithin(Duration timeout) throws InterruptedException {
        try {
            response.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException e) {
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    /** Events received so far and not taken. */
    List<Event> drain() {
        List<Event> rest = new ArrayList<>();
        events.drainTo(rest);
        return rest;
    }

    @Override
    public void close() {
        Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
        response.cancel(true);
    }

    /** An event ends at a blank line; {@code data:} lines make its data. */
    private final class Lines implements Flow.Subscriber<String> {
        private final StringBuilder data = new StringBuilder();
        private String id;
        private String name;

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            SseClient.this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (line.isEmpty()) {
                if (data.length() > 0) {
                    events.add(new Event(id, name, data.toString()));
                }
                id = null;
                name = null;
                data.setLength(0);
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                name = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }

        @Override
        public void onError(Throwable failure) {
            // the connection was closed
        }

        @Override
        public void onComplete() {}
    }
}

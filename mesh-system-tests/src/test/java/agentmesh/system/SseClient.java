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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A minimal Server-Sent Events client: collects the events of one connection until it is closed. */
final class SseClient implements AutoCloseable {

    record Event(String id, String name, String data) {
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<HttpResponse<Stream<String>>> response;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    SseClient(URI uri, String token, Optional<String> lastEventId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream");
        lastEventId.ifPresent(id -> request.header("Last-Event-ID", id));
        response = http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines());
        response.thenAcceptAsync(this::read);
    }

    int status() throws Exception {
        return response.get(30, TimeUnit.SECONDS).statusCode();
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

    /** Events received so far and not taken. */
    List<Event> drain() {
        List<Event> rest = new ArrayList<>();
        events.drainTo(rest);
        return rest;
    }

    private void read(HttpResponse<Stream<String>> answer) {
        String id = null;
        String name = null;
        StringBuilder data = new StringBuilder();
        try (Stream<String> lines = answer.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
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
        } catch (RuntimeException e) {
            // the connection was closed
        }
    }

    @Override
    public void close() {
        response.thenAccept(answer -> answer.body().close());
    }
}

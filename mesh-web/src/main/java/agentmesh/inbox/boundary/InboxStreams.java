package agentmesh.inbox.boundary;

import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Open Server-Sent Event streams. Each stream remembers the cursor it has sent up to and, when signalled, sends
 * what came after it — one sender at a time per stream, so events go out in cursor order with no gap and no repeat.
 * A comment every 15 s keeps idle connections open and finds the ones whose client has gone.
 */
@ApplicationScoped
public class InboxStreams {

    private static final Logger LOG = Logger.getLogger(InboxStreams.class.getName());
    private static final int PAGE = 100;

    @Inject
    ReaderThreads readerThreads;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    InboxReader reader;

    @Inject
    InboxSignals signals;

    private final Map<String, Set<Stream>> byAgent = new ConcurrentHashMap<>();
    private final Consumer<InboxChange> listener = this::wake;
    private ScheduledFuture<?> heartbeat;

    private final class Stream {
        final String agentId;
        final SseEventSink sink;
        final Sse sse;
        final AtomicBoolean sending = new AtomicBoolean();
        volatile boolean again;
        volatile long cursor;

        Stream(String agentId, long cursor, SseEventSink sink, Sse sse) {
            this.agentId = agentId;
            this.cursor = cursor;
            this.sink = sink;
            this.sse = sse;
        }
    }

    @PostConstruct
    void start() {
        signals.listen(listener);
        heartbeat = scheduler.scheduleAtFixedRate(this::keepAlive, 15, 15, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        signals.unlisten(listener);
        heartbeat.cancel(false);
        byAgent.values().forEach(streams -> streams.forEach(this::close));
    }

    void open(String agentId, long after, SseEventSink sink, Sse sse) {
        Stream stream = new Stream(agentId, after, sink, sse);
        byAgent.computeIfAbsent(agentId, id -> ConcurrentHashMap.newKeySet()).add(stream);
        // The answer's headers go out with the first thing written: at once, not with the first event.
        sink.send(sse.newEventBuilder().comment("inbox of " + agentId + " after " + after).build());
        readerThreads.execute(() -> send(stream));
    }

    private void wake(InboxChange change) {
        byAgent.getOrDefault(change.agentId(), Set.of()).stream()
                .filter(stream -> stream.cursor < change.lastCursor())
                .forEach(stream -> readerThreads.execute(() -> send(stream)));
    }

    private void send(Stream stream) {
        if (!stream.sending.compareAndSet(false, true)) {
            stream.again = true; // the running sender goes round once more
            return;
        }
        try {
            InboxPage page;
            do {
                stream.again = false;
                page = reader.after(stream.agentId, stream.cursor, PAGE);
                for (JsonObject event : page.events()) {
                    long cursor = event.getJsonNumber("cursor").longValue();
                    stream.sink.send(stream.sse.newEventBuilder()
                            .id(Long.toString(cursor))
                            .name(event.getString("type"))
                            .mediaType(MediaType.APPLICATION_JSON_TYPE)
                            .data(String.class, event.toString())
                            .build()).toCompletableFuture().get(10, TimeUnit.SECONDS);
                    stream.cursor = cursor;
                }
            } while (page.events().size() == PAGE || stream.again);
        } catch (Exception e) {
            LOG.log(Level.FINE, "Closing the stream of " + stream.agentId, e);
            close(stream);
        } finally {
            stream.sending.set(false);
        }
        if (stream.again && !stream.sink.isClosed()) {
            readerThreads.execute(() -> send(stream));
        }
    }

    private void keepAlive() {
        byAgent.values().forEach(streams -> streams.forEach(stream -> {
            if (stream.sink.isClosed()) {
                close(stream);
            } else {
                stream.sink.send(stream.sse.newEventBuilder().comment("keep-alive").build())
                        .whenComplete((ok, failure) -> {
                            if (failure != null) {
                                close(stream);
                            }
                        });
            }
        }));
    }

    private void close(Stream stream) {
        byAgent.computeIfPresent(stream.agentId, (id, streams) -> {
            streams.remove(stream);
            return streams.isEmpty() ? null : streams;
        });
        try {
            stream.sink.close();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Stream already closed", e);
        }
    }
}

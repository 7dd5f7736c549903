package agentmesh.inbox.boundary;

import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxWaits;
import agentmesh.web.readers.ReaderThreads;
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
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Open Server-Sent Event streams. Each stream remembers the cursor it has sent up to and, when signalled, sends
 * what came after it — one sender at a time per stream, so events go out in cursor order with no gap and no repeat;
 * events a delivery on this instance handed over with its signal go out as they are, without reading them back.
 * A comment every 15 s keeps idle connections open and finds the ones whose client has gone. Every write of an
 * agent's streams runs in that agent's lane of the reader threads ({@link ReaderThreads#execute(String, Runnable)}), so
 * a client that stops reading holds up its own agent's streams only. A stream lives no
 * longer than the token that opened it (closed when the agent's token is rotated), and an agent has at most
 * {@code mesh.inbox.max-streams-per-agent} open: a new one closes its oldest (a reconnecting client whose old
 * connection the server has not noticed gone yet must not be refused). The streams wait in {@link InboxWaits}, which
 * wakes them and tells them of rotations.
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
    InboxWaits waits;

    @Inject
    @ConfigProperty(name = "mesh.inbox.max-streams-per-agent", defaultValue = "8")
    int maxStreamsPerAgent;

    private final AtomicLong opened = new AtomicLong();
    private ScheduledFuture<?> heartbeat;

    private final class Stream extends InboxWaits.OwnInboxWait {
        final long openedAs;
        final SseEventSink sink;
        final Sse sse;
        // At most one send and one keep-alive of a stream wait in its agent's lane: a lane held up by a client that
        // does not read does not pile up a task per event.
        final AtomicBoolean sendQueued = new AtomicBoolean();
        final AtomicBoolean keepAliveQueued = new AtomicBoolean();
        // The latest change signalled and not yet taken by a send (crossing signals: the one with the higher cursor).
        final AtomicReference<InboxChange> signalled = new AtomicReference<>();
        volatile long cursor;
        // Set by the first read, to the end of the inbox: until then a delivery's events do not tell what else the
        // stream has to send (events committed before it was listening, unsignalled to it).
        volatile boolean caughtUp;

        Stream(String agentId, String tokenHash, long cursor, SseEventSink sink, Sse sse) {
            super(agentId, tokenHash);
            this.openedAs = opened.incrementAndGet();
            this.cursor = cursor;
            this.sink = sink;
            this.sse = sse;
        }

        @Override
        public void inboxChanged(InboxChange change) {
            if (cursor < change.lastCursor()) {
                signalled.accumulateAndGet(change, InboxChange::later);
                queueSend(this);
            }
        }

        @Override
        public void revoked(TokenRotated rotation) {
            readerThreads.execute(
                    caller(), () -> closeWith(this, "closed: the token of " + rotation.agentId() + " was rotated"));
        }
    }

    @PostConstruct
    void start() {
        heartbeat = scheduler.scheduleAtFixedRate(this::keepAlive, 15, 15, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        heartbeat.cancel(false);
        waits.all(Stream.class).forEach(this::close);
    }

    /** Streams the agent's inbox after {@code after}, for as long as the token with {@code tokenHash} is its own. */
    void open(String agentId, String tokenHash, long after, SseEventSink sink, Sse sse) {
        Stream stream = new Stream(agentId, tokenHash, after, sink, sse);
        waits.add(stream);
        List<Stream> streams = waits.of(agentId, Stream.class);
        // Closed on a reader thread: on WildFly, closing a stream on the thread of another stream's request ends
        // that request too.
        streams.stream()
                .sorted(Comparator.comparingLong(s -> s.openedAs))
                .limit(Math.max(0, streams.size() - maxStreamsPerAgent))
                .forEach(oldest -> readerThreads.execute(
                        agentId,
                        () -> closeWith(
                                oldest,
                                "closed: " + agentId + " opened more than " + maxStreamsPerAgent + " streams")));
        // The answer's headers go out with the first thing written: at once, not with the first event.
        sink.send(sse.newEventBuilder()
                .comment("inbox of " + agentId + " after " + after)
                .build());
        queueSend(stream);
    }

    private void queueSend(Stream stream) {
        if (stream.sendQueued.compareAndSet(false, true)) {
            readerThreads.execute(stream.caller(), () -> send(stream));
        }
    }

    /**
     * Sends everything after the stream's cursor up to the change signalled last: the events its delivery handed
     * over when they follow the cursor at once, read otherwise. An event that lands meanwhile queues the next send.
     */
    private void send(Stream stream) {
        stream.sendQueued.set(false);
        try {
            InboxChange change = stream.signalled.getAndSet(null);
            Optional<InboxPage> handed = Optional.empty();
            if (stream.caughtUp) {
                // None: the send before this one took the change that queued it.
                if (change == null || change.lastCursor() <= stream.cursor) {
                    return;
                }
                handed = reader.handedAfter(stream.caller(), stream.cursor, PAGE, change);
            }
            InboxPage page = handed.orElseGet(() -> reader.after(stream.caller(), stream.cursor, PAGE));
            while (true) {
                for (JsonObject event : page.events()) {
                    long cursor = event.getJsonNumber("cursor").longValue();
                    stream.sink
                            .send(stream.sse
                                    .newEventBuilder()
                                    .id(Long.toString(cursor))
                                    .name(event.getString("type"))
                                    .mediaType(MediaType.APPLICATION_JSON_TYPE)
                                    .data(String.class, event.toString())
                                    .build())
                            .toCompletableFuture()
                            .get(10, TimeUnit.SECONDS);
                    stream.cursor = cursor;
                }
                if (!page.more()) {
                    break;
                }
                page = reader.after(stream.caller(), stream.cursor, PAGE);
            }
            stream.caughtUp = true;
        } catch (Exception e) {
            LOG.log(Level.FINE, "Closing the stream of " + stream.caller(), e);
            close(stream);
        }
    }

    // Each stream's comment is written in its agent's lane: a client that does not read blocks its own agent's
    // writes, never the keep-alives of the others.
    private void keepAlive() {
        waits.all(Stream.class).forEach(stream -> {
            if (stream.keepAliveQueued.compareAndSet(false, true)) {
                readerThreads.execute(stream.caller(), () -> keepAlive(stream));
            }
        });
    }

    private void keepAlive(Stream stream) {
        stream.keepAliveQueued.set(false);
        if (stream.sink.isClosed()) {
            close(stream);
        } else {
            stream.sink
                    .send(stream.sse.newEventBuilder().comment("keep-alive").build())
                    .whenComplete((ok, failure) -> {
                        if (failure != null) {
                            close(stream);
                        }
                    });
        }
    }

    // The reason goes out as a comment: a client sees why in the stream; it would reconnect either way.
    private void closeWith(Stream stream, String reason) {
        try {
            stream.sink.send(stream.sse.newEventBuilder().comment(reason).build());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Stream already closed", e);
        }
        close(stream);
    }

    private void close(Stream stream) {
        waits.remove(stream);
        try {
            stream.sink.close();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Stream already closed", e);
        }
    }
}

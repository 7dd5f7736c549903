package agentmesh.system.bench;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What happened to the sends of one step, on the client's clock. Every send has an intended time (its place in the
 * open-loop schedule); latencies count from it, so a late start is part of the latency, not hidden by it
 * (no coordinated omission). Values are microseconds.
 */
final class StepRecorder {

    private static final long MAX_MICROS = 3_600_000_000L;

    final int step;
    /** The step's part of its message ids: the step number and a random tag, so two runs on one stack differ. */
    final String label;

    final int rate;
    final int planned;
    private final long[] intendedNanos;
    private final BitSet accepted;
    private final BitSet seen;
    private final AtomicInteger acceptedCount = new AtomicInteger();
    private final AtomicInteger seenCount = new AtomicInteger();
    private final AtomicInteger duplicates = new AtomicInteger();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    final Histogram pacerLag = histogram();
    final Histogram sendToAnswer = histogram();
    /** Sends refused (429, 503), from their intended time to the answer. */
    final Histogram sendToRefusal = histogram();
    /** Of those two, the sends that went on a connection opened for them (the one before had been closed). */
    final Histogram sendToAnswerOpened = histogram();

    final Histogram sendToRefusalOpened = histogram();

    final Histogram sendToSeen = histogram();
    final Histogram commitToInbox = histogram();

    StepRecorder(int step, int rate, int planned) {
        this.step = step;
        this.label = step + "r" + Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36);
        this.rate = rate;
        this.planned = planned;
        this.intendedNanos = new long[planned];
        this.accepted = new BitSet(planned);
        this.seen = new BitSet(planned);
    }

    private static Histogram histogram() {
        return new ConcurrentHistogram(MAX_MICROS, 3);
    }

    /** The pacer reached send {@code index} at {@code nowNanos}, which it meant to start at {@code intended}. */
    void started(int index, long intended, long nowNanos) {
        intendedNanos[index] = intended;
        pacerLag.recordValue(micros(nowNanos - intended));
    }

    /** Send {@code index} was admitted at {@code nowNanos}; {@code opened}: on a connection opened for it. */
    void answered(int index, long nowNanos, boolean opened) {
        took(index, nowNanos, opened, sendToAnswer, sendToAnswerOpened);
        synchronized (accepted) {
            accepted.set(index);
        }
        acceptedCount.incrementAndGet();
    }

    /**
     * The mesh refused send {@code index} (429, 503) at {@code nowNanos}: {@code cause}; {@code opened}: on a
     * connection opened for it.
     */
    void refused(int index, long nowNanos, String cause, boolean opened) {
        took(index, nowNanos, opened, sendToRefusal, sendToRefusalOpened);
        failed(index, cause);
    }

    private void took(int index, long nowNanos, boolean opened, Histogram all, Histogram onOpened) {
        long micros = micros(nowNanos - intendedNanos[index]);
        all.recordValue(micros);
        if (opened) {
            onOpened.recordValue(micros);
        }
    }

    void failed(int index, String cause) {
        errors.computeIfAbsent(cause, c -> new LongAdder()).increment();
    }

    /** A reader saw the message; {@code commitToInboxMicros} is the server's deliveredAt − createdAt. */
    void seen(int index, long nowNanos, long commitToInboxMicros) {
        boolean first;
        synchronized (seen) {
            first = !seen.get(index);
            seen.set(index);
        }
        if (!first) {
            duplicates.incrementAndGet();
            return;
        }
        seenCount.incrementAndGet();
        long intended = intendedNanos[index];
        if (intended != 0) {
            sendToSeen.recordValue(micros(nowNanos - intended));
        }
        if (commitToInboxMicros >= 0) {
            commitToInbox.recordValue(Math.min(commitToInboxMicros, MAX_MICROS));
        }
    }

    int accepted() {
        return acceptedCount.get();
    }

    int seen() {
        return seenCount.get();
    }

    int duplicates() {
        return duplicates.get();
    }

    /** Accepted messages that no reader has seen (yet). */
    int acceptedUnseen() {
        synchronized (accepted) {
            BitSet unseen = (BitSet) accepted.clone();
            synchronized (seen) {
                unseen.andNot(seen);
            }
            return unseen.cardinality();
        }
    }

    /** Seen, though never answered 2xx: the client gave up on an answer the server then gave. */
    int seenUnaccepted() {
        synchronized (accepted) {
            synchronized (seen) {
                BitSet extra = (BitSet) seen.clone();
                extra.andNot(accepted);
                return extra.cardinality();
            }
        }
    }

    Map<String, Long> errors() {
        Map<String, Long> counts = new TreeMap<>();
        errors.forEach((cause, count) -> counts.put(cause, count.sum()));
        return counts;
    }

    private static long micros(long nanos) {
        return Math.max(0, Math.min(nanos / 1_000, MAX_MICROS));
    }
}

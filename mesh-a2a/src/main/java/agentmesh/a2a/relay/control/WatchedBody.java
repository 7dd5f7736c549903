package agentmesh.a2a.relay.control;

import java.net.http.HttpResponse;
import java.util.concurrent.Flow;

/**
 * A response body read under watch: when it last made progress, and a way to stop reading it, which closes the
 * connection. {@link RemoteHttp} uses both to bound a pause and the whole of an answer.
 */
abstract class WatchedBody<T> implements HttpResponse.BodySubscriber<T> {

    private volatile long lastProgress = System.nanoTime();
    private volatile Flow.Subscription subscription;
    private volatile boolean cancelled;

    @Override
    public final void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (cancelled) {
            subscription.cancel();
        } else {
            subscribed(subscription);
        }
    }

    /** Asks for the first bytes. */
    abstract void subscribed(Flow.Subscription subscription);

    final void progressed() {
        lastProgress = System.nanoTime();
    }

    /** {@link System#nanoTime()} of the last progress (the head's arrival, at first). */
    final long lastProgress() {
        return lastProgress;
    }

    final boolean cancelled() {
        return cancelled;
    }

    /** Stops reading; what arrives after is dropped. */
    void cancel() {
        cancelled = true;
        Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
    }
}

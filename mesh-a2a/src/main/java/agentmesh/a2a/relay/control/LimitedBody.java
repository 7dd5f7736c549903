package agentmesh.a2a.relay.control;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A whole response body of at most {@code maxBytes}; past them reading stops with {@link TooLargeException}. */
final class LimitedBody extends WatchedBody<byte[]> {

    private final long maxBytes;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();

    LimitedBody(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    void subscribed(Flow.Subscription subscription) {
        subscription.request(Long.MAX_VALUE); // bounded by maxBytes, not by demand
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (body.isDone()) {
            return;
        }
        progressed();
        for (ByteBuffer buffer : buffers) {
            if (bytes.size() + (long) buffer.remaining() > maxBytes) {
                cancel();
                body.completeExceptionally(new TooLargeException("the answer is larger than " + maxBytes + " bytes"));
                return;
            }
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.writeBytes(chunk);
        }
    }

    @Override
    public void onError(Throwable failure) {
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        body.complete(bytes.toByteArray());
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }
}

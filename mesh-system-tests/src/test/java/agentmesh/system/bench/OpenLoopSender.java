package agentmesh.system.bench;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Offers sends at a fixed rate whatever the answers do (open loop): send {@code i} of a step is due at
 * {@code start + i / rate}; the pacer hands it then to an idle sender thread and does not wait for its answer. Each
 * send is one attempt: what the mesh refuses (429, 503) is counted, not retried, so that "achieved" says what it
 * admitted.
 *
 * <p>Like any real client, it keeps a bounded number of requests (and so connections) open: {@code maxInFlight}
 * sender threads, each with a keep-alive connection of its own ({@link Http1Connection}); when none is idle, the
 * pacer waits for an answer before it starts the next send. Latencies still count from each send's intended time,
 * and the pacer's lag behind the schedule is reported: a server that answers slowly shows as lag and latency, not as
 * ten thousand connections the client opened (which is what an unbounded client does, and then the client's own
 * queues are what is measured). The idle threads are taken last-in first-out, so that a light load keeps few
 * connections busy, as a pool does.
 */
final class OpenLoopSender implements AutoCloseable {

    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final URI messages;
    private final BenchAgents agents;
    private final double newTaskShare;
    private final int maxInFlight;
    private final BlockingDeque<Sender> idle = new LinkedBlockingDeque<>();
    private final List<Sender> senders = new ArrayList<>();
    private volatile boolean closed;

    OpenLoopSender(URI base, BenchAgents agents, double newTaskShare, int maxInFlight) {
        this.messages = base.resolve("messages");
        this.agents = agents;
        this.newTaskShare = newTaskShare;
        this.maxInFlight = maxInFlight;
    }

    /** Offers {@code recorder.planned} sends at {@code recorder.rate}/s; returns when the last one has started. */
    void offer(StepRecorder recorder) {
        if (closed) {
            throw new IllegalStateException("the sender is closed");
        }
        long periodNanos = 1_000_000_000L / recorder.rate;
        long start = System.nanoTime();
        for (int i = 0; i < recorder.planned; i++) {
            long due = start + i * periodNanos;
            long now;
            while ((now = System.nanoTime()) < due) {
                LockSupport.parkNanos(due - now);
            }
            Sender sender = idleSender();
            recorder.started(i, due, System.nanoTime());
            sender.hand(new Send(recorder, i));
        }
    }

    /** Ends the sender threads and their connections; a send under way is counted as failed. */
    @Override
    public void close() {
        closed = true;
        synchronized (senders) {
            senders.forEach(Sender::stop);
        }
    }

    private Sender idleSender() {
        Sender sender = idle.pollFirst();
        if (sender != null) {
            return sender;
        }
        synchronized (senders) {
            if (senders.size() < maxInFlight) {
                Sender started = new Sender(senders.size());
                senders.add(started);
                return started;
            }
        }
        try {
            return idle.takeFirst();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while offering sends", e);
        }
    }

    private record Send(StepRecorder recorder, int index) {}

    private byte[] request(Send send) {
        BenchAgents.Member sender = agents.get(send.index());
        boolean newTask = ThreadLocalRandom.current().nextDouble() < newTaskShare;
        String body = "{\"messageId\":\"" + BenchMessageId.of(send.recorder().label, send.index()) + "\",\"to\":\""
                + sender.partner().id() + "\"" + (newTask ? "" : ",\"taskId\":\"" + sender.standingTask() + "\"")
                + ",\"parts\":[{\"kind\":\"text\",\"text\":\"benchmark message " + send.index() + " of step "
                + send.recorder().step + ", a few words like an agent's request\"}]}";
        return Http1Connection.request(
                "POST",
                messages,
                Map.of("Authorization", "Bearer " + sender.agent().token(), "Content-Type", "application/json"),
                body);
    }

    /** A sender thread: one send at a time on its connection. */
    private final class Sender implements Runnable {
        private final BlockingQueue<Send> next = new ArrayBlockingQueue<>(1);
        private final KeptConnection connection = new KeptConnection(messages, REQUEST_TIMEOUT);
        private final Thread thread;
        private volatile boolean stopped;

        Sender(int number) {
            thread = new Thread(this, "bench-sender-" + number);
            thread.setDaemon(true);
            thread.start();
        }

        void hand(Send send) {
            next.add(send);
        }

        void stop() {
            stopped = true;
            thread.interrupt();
            connection.close();
        }

        @Override
        public void run() {
            try {
                while (!stopped) {
                    send(next.take());
                    idle.addFirst(this);
                }
            } catch (InterruptedException e) {
                // stopped
            } finally {
                connection.close();
                Send handed = next.poll(); // handed over as it stopped: it still ends as failed
                if (handed != null) {
                    handed.recorder().failed(handed.index(), "stopped");
                }
            }
        }

        private void send(Send send) {
            StepRecorder recorder = send.recorder();
            try {
                Http1Connection.Answer answer = connection.exchange(request(send));
                boolean opened = connection.openedForLast();
                if (answer.status() == 201 || answer.status() == 200) {
                    recorder.answered(send.index(), System.nanoTime(), opened);
                } else if (answer.status() == 429 || answer.status() == 503) {
                    recorder.refused(
                            send.index(),
                            System.nanoTime(),
                            refusal(answer.status(), answer.head(), answer.body()),
                            opened);
                } else {
                    recorder.failed(send.index(), refusal(answer.status(), answer.head(), answer.body()));
                }
            } catch (IOException | RuntimeException e) {
                recorder.failed(send.index(), stopped ? "stopped" : cause(e, REQUEST_TIMEOUT));
            }
        }
    }

    /** A refusal by its status and problem type; an overload answer without Retry-After is a cause of its own. */
    static String refusal(int status, Http1Connection.Head head, String body) {
        String cause = status + " " + problemType(body);
        boolean retryAfter = head.header("retry-after").isPresent();
        return (status == 429 || status == 503) && !retryAfter ? cause + " WITHOUT Retry-After" : cause;
    }

    /** A failed request's cause: a read that waited {@code timeout} in vain says so. */
    static String cause(Throwable failure, Duration timeout) {
        if (failure instanceof SocketTimeoutException || failure instanceof InterruptedIOException) {
            return "timeout (" + timeout.toSeconds() + " s)";
        }
        String message = failure.getMessage() == null ? "" : ": " + failure.getMessage();
        return failure.getClass().getSimpleName() + message;
    }

    private static String problemType(String body) {
        int at = body == null ? -1 : body.indexOf("\"type\":\"");
        if (at < 0) {
            return body == null || body.isEmpty() ? "(no body)" : "(not a problem)";
        }
        int start = at + 8;
        int end = body.indexOf('"', start);
        String type = end < 0 ? body.substring(start) : body.substring(start, end);
        return type.substring(type.lastIndexOf('/') + 1);
    }
}

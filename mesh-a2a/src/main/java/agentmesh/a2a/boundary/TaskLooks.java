package agentmesh.a2a.boundary;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Looks at watched tasks on an executor shared with others — the inbox's reader threads, which also serve its long
 * polls and streams. However often a task is asked for, it is looked at once at a time: asked for while waiting in
 * line, it is already covered; asked for while being looked at, it is looked at once more afterwards (the look under
 * way may have read before the change). The line holds each task at most once, so it is never longer than the number
 * of watched tasks; at most {@code lookers} runnables of it are on the executor at once, and each looks at no more
 * than {@code perTurn} tasks before it gives its thread back: however many tasks one signal names, the inbox's
 * readers are never queued behind them. A look only reads; what its watches write is done in their callers' lanes.
 */
final class TaskLooks {

    private static final Logger LOG = Logger.getLogger(TaskLooks.class.getName());

    private enum State {
        WAITING,
        LOOKING,
        AGAIN
    }

    private final Executor executor;
    private final int lookers;
    private final int perTurn;
    private final Consumer<String> look;
    private final Map<String, State> states = new ConcurrentHashMap<>();
    private final Queue<String> line = new ConcurrentLinkedQueue<>();
    private final AtomicInteger running = new AtomicInteger();

    TaskLooks(Executor executor, int lookers, int perTurn, Consumer<String> look) {
        this.executor = executor;
        this.lookers = lookers;
        this.perTurn = perTurn;
        this.look = look;
    }

    /** The task may have changed: look at it (again) soon. */
    void request(String taskId) {
        states.compute(taskId, (id, state) -> {
            if (state == null) {
                line.add(id);
                return State.WAITING;
            }
            return state == State.LOOKING ? State.AGAIN : state;
        });
        startLooker();
    }

    /** Tasks waiting in line. */
    int waiting() {
        return line.size();
    }

    // A turn that ends checks the line after it stopped running, a request after it joined the line: one of them
    // sees the other, so a task never waits with no looker coming.
    private void startLooker() {
        while (!line.isEmpty()) {
            int now = running.get();
            if (now >= lookers) {
                return;
            }
            if (running.compareAndSet(now, now + 1)) {
                try {
                    executor.execute(this::turn);
                } catch (RejectedExecutionException stopping) {
                    running.decrementAndGet();
                    LOG.log(Level.FINE, "No thread to look at watched tasks: the server is stopping", stopping);
                }
                return;
            }
        }
    }

    private void turn() {
        try {
            for (int i = 0; i < perTurn; i++) {
                String taskId = line.poll();
                if (taskId == null) {
                    return;
                }
                states.put(taskId, State.LOOKING);
                try {
                    look.accept(taskId);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Looking at task " + taskId + " failed", e);
                } finally {
                    states.compute(taskId, (id, state) -> {
                        if (state == State.AGAIN) {
                            line.add(id);
                            return State.WAITING;
                        }
                        return null;
                    });
                }
            }
        } finally {
            running.decrementAndGet();
            startLooker();
        }
    }
}

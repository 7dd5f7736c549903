package agentmesh.web.readers;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that answer woken long polls and write streams (the events a delivery handed over, or a page read): a
 * plain pool on threads the container made.
 * A {@code ManagedExecutorService} would capture the submitter's context for every task, through a ServiceLoader walk
 * of the class loaders — too dear for a task per delivery. Reading is a short query and some JSON, so a few threads
 * keep up with thousands of deliveries a second; a burst waits in the queue, not in new threads.
 *
 * <p>Made when the application starts, not on first use: the first use is often a delivery's wake-up, on a thread of
 * the consumer or of the change feed, where this module's resources cannot be looked up — the wake-up would be lost.
 */
@ApplicationScoped
public class ReaderThreads {

    private static final int THREADS = 4;

    @Resource
    ManagedThreadFactory threadFactory;

    private ExecutorService pool;
    private AgentLanes lanes;

    @PostConstruct
    void start() {
        pool = new ThreadPoolExecutor(
                THREADS, THREADS, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threadFactory);
        lanes = new AgentLanes(pool);
    }

    void startWithTheApplication(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // observing the event is what makes the bean now; start() does the work
    }

    @PreDestroy
    void stop() {
        pool.shutdownNow();
    }

    public void execute(Runnable reading) {
        pool.execute(reading);
    }

    /**
     * Runs the work in the agent's own lane: one of the agent's tasks at a time, so that an agent whose client does
     * not read (its writes blocking until they time out) holds one of these threads at most ({@link AgentLanes}).
     */
    public void execute(String agentId, Runnable work) {
        lanes.execute(agentId, work);
    }
}

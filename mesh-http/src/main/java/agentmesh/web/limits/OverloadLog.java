package agentmesh.web.limits;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;

/**
 * Refusals of load (503 over capacity, 429 over an agent's rate) are expected under overload and come by the
 * thousand: they are counted, and logged as one line per cause every ten seconds in which any happened, never one
 * line (or stack trace) per request.
 */
@ApplicationScoped
public class OverloadLog {

    private static final Logger LOG = Logger.getLogger(OverloadLog.class.getName());
    static final long INTERVAL_SECONDS = 10;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Map<String, LongAdder> refusals = new ConcurrentHashMap<>();
    private ScheduledFuture<?> flushing;

    @PostConstruct
    void start() {
        flushing = scheduler.scheduleAtFixedRate(this::flush, INTERVAL_SECONDS, INTERVAL_SECONDS, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        flushing.cancel(false);
        flush();
    }

    /** One refused request, by cause (e.g. "503 over capacity"). */
    public void refused(String cause) {
        refusals.computeIfAbsent(cause, c -> new LongAdder()).increment();
    }

    void flush() {
        refusals.forEach((cause, count) -> {
            long n = count.sumThenReset();
            if (n > 0) {
                LOG.warning(
                        () -> "Overload: " + n + " requests refused in the last " + INTERVAL_SECONDS + " s: " + cause);
            }
        });
    }
}

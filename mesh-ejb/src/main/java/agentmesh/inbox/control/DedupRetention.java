package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How long a delivered event's dedup row is kept ({@code mesh.inbox.dedup-retention-hours}): it must outlast the
 * topic's retention, because a record can only come again while Kafka still holds it — 7 days by default plus a day
 * of margin. Purged by {@link InboxHousekeeping}; checked against the topic by the outbox's topic check.
 */
@ApplicationScoped
public class DedupRetention {

    @Inject
    @ConfigProperty(name = "mesh.inbox.dedup-retention-hours", defaultValue = "192")
    long hours;

    public long hours() {
        return hours;
    }

    public Duration duration() {
        return Duration.ofHours(hours);
    }
}

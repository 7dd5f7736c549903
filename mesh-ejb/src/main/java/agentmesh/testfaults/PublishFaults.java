package agentmesh.testfaults;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test only: makes publishing fail for chosen record keys on this server, to show that a recipient's later events
 * wait behind a failing one. Keys can be set only when the server runs with {@code mesh.test.faults=true}.
 */
@ApplicationScoped
public class PublishFaults {

    @Inject
    TestFaultSettings settings;

    // read once: a fault point off costs a field read
    boolean enabled;

    private final Set<String> failingKeys = ConcurrentHashMap.newKeySet();

    public PublishFaults() {}

    /** Outside a container (unit tests). */
    public PublishFaults(boolean enabled) {
        this.enabled = enabled;
    }

    @PostConstruct
    void readSettings() {
        enabled = settings.enabled();
    }

    public boolean enabled() {
        return enabled;
    }

    public void failKey(String key) {
        if (enabled) {
            failingKeys.add(key);
        }
    }

    public void healKey(String key) {
        failingKeys.remove(key);
    }

    public boolean fails(String key) {
        return !failingKeys.isEmpty() && failingKeys.contains(key);
    }
}

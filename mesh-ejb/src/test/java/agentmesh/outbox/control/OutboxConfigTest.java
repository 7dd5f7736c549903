package agentmesh.outbox.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OutboxConfigTest {

    private static final String WILDFLY_BASE = "jboss.server.base.dir";

    @AfterEach
    void forgetTheBase() {
        System.clearProperty(WILDFLY_BASE);
    }

    /** Two WildFly instances started from one working directory are two producers, not one fencing the other. */
    @Test
    void wildFlyInstancesOfOneHostAndDirectoryHaveTransactionalIdsOfTheirOwn() {
        OutboxConfig config = new OutboxConfig();
        config.transactionalId = Optional.empty();

        System.setProperty(WILDFLY_BASE, "/srv/mesh/wildfly-1");
        String first = config.transactionalId();
        System.setProperty(WILDFLY_BASE, "/srv/mesh/wildfly-2");
        String second = config.transactionalId();
        System.setProperty(WILDFLY_BASE, "/srv/mesh/wildfly-1");

        assertNotEquals(first, second);
        assertEquals(first, config.transactionalId(), "the same instance keeps its id across restarts");
    }
}

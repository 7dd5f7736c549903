package agentmesh.messaging.control;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MessageIdsTest {

    private final Clock clock = Clock.fixed(Instant.ofEpochSecond(1779156223), ZoneOffset.UTC);

    @Test
    void generatedIdsFollowTheApiFormat() {
        String id = MessageIds.generate("alice-planner@example", clock);
        assertTrue(id.matches("m-alice-planner@example-1779156223-[a-z0-9]{8}"), id);
    }

    @Test
    void generatedIdsDiffer() {
        assertNotEquals(MessageIds.generate("a", clock), MessageIds.generate("a", clock));
    }
}

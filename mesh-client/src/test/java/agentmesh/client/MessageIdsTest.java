package agentmesh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MessageIdsTest {

    @Test
    void idsFollowTheDocumentedFormatAndDoNotRepeat() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(1779156223), ZoneOffset.UTC);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = MessageIds.generate("alice-planner@example", clock);
            assertTrue(id.matches("m-alice-planner@example-1779156223-[a-z0-9]{8}"), id);
            ids.add(id);
        }
        assertEquals(1000, ids.size());
    }
}

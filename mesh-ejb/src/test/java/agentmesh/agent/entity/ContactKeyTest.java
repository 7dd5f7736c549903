package agentmesh.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ContactKeyTest {

    @Test
    void bothOrdersAreOnePair() {
        assertEquals(ContactKey.of("bob", "alice"), ContactKey.of("alice", "bob"));
        assertEquals("alice", ContactKey.of("bob", "alice").agentLow());
    }

    @Test
    void otherNamesTheCounterpart() {
        ContactKey key = ContactKey.of("alice", "bob");
        assertEquals("bob", key.other("alice"));
        assertEquals("alice", key.other("bob"));
    }
}

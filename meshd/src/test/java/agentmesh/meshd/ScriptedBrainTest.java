package agentmesh.meshd;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScriptedBrainTest {

    @Test
    void theDefaultRulesParse() {
        ScriptedBrain.reviewer();
    }

    @Test
    void rulesWithUnknownEventsOrActionsAreRefusedWhenRead() {
        var unknownEvent = assertThrows(
                IllegalArgumentException.class, () -> ScriptedBrain.parse("{\"rules\":[{\"on\":\"mail\",\"do\":[]}]}"));
        assertTrue(unknownEvent.getMessage().contains("mail"));
        var unknownAction = assertThrows(
                IllegalArgumentException.class,
                () -> ScriptedBrain.parse("{\"rules\":[{\"on\":\"message\",\"do\":[{\"dance\":1}]}]}"));
        assertTrue(unknownAction.getMessage().contains("dance"));
        assertThrows(
                IllegalArgumentException.class,
                () -> ScriptedBrain.parse("{\"start\":[{\"reply\":\"a\",\"status\":\"working\"}]}"));
    }
}

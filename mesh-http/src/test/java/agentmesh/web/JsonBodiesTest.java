package agentmesh.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.problem.InvalidRequestException;
import org.junit.jupiter.api.Test;

class JsonBodiesTest {

    @Test
    void depthCountsObjectsAndArraysButNotBracketsInStrings() {
        assertEquals(0, JsonBodies.depth("5"));
        assertEquals(1, JsonBodies.depth("{\"reason\":\"[[[{{{\"}"));
        assertEquals(3, JsonBodies.depth("{\"a\":[{\"b\":\"\\\"]]\"}]}"));
    }

    @Test
    void aBodyNestedTooDeepIsRefusedBeforeItIsParsed() {
        String deep = "{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";

        assertThrows(InvalidRequestException.class, () -> JsonBodies.optionalObject(deep));
    }

    @Test
    void aSmallObjectIsRead() {
        assertEquals(
                "x",
                JsonBodies.optionalObject("{\"reason\":\"x\"}").orElseThrow().getString("reason"));
        assertTrue(JsonBodies.optionalObject("  ").isEmpty());
    }
}

package agentmesh.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.problem.InvalidRequestException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolArgumentsTest {

    @Test
    void anAbsentTextIsNullUnlessTheToolNeedsIt() {
        ToolArguments arguments = ToolArguments.of(Map.of("text", "hi"));

        assertEquals("hi", arguments.requiredText("text"));
        assertNull(arguments.text("taskId"));
        InvalidRequestException refused =
                assertThrows(InvalidRequestException.class, () -> arguments.requiredText("to"));
        assertEquals(Map.of("to", "is required"), refused.fieldErrors());
    }

    @Test
    void aTextThatIsNoStringIsRefusedNamingItsField() {
        InvalidRequestException refused = assertThrows(
                InvalidRequestException.class,
                () -> ToolArguments.of(Map.of("to", 5)).text("to"));

        assertEquals(400, refused.status());
        assertEquals("to: must be a string", refused.getMessage());
    }

    @Test
    void aCursorIsAWholeNumberFromZero() {
        assertEquals(12L, ToolArguments.of(Map.of("after", 12)).cursor("after"));
        assertNull(ToolArguments.of(null).cursor("after"));
        for (Object wrong : new Object[] {-1, 1.5, "3"}) {
            assertThrows(
                    InvalidRequestException.class,
                    () -> ToolArguments.of(Map.of("after", wrong)).cursor("after"),
                    "after " + wrong);
        }
    }
}

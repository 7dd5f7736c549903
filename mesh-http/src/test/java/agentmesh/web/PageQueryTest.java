package agentmesh.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.problem.InvalidRequestException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PageQueryTest {

    @Test
    void theCursorIsReadUnderItsNameOrItsAlias() {
        assertEquals("17", PageQuery.of("17", null, null).cursor());
        assertEquals("17", PageQuery.of(null, "17", null).cursor());
        assertEquals("17", PageQuery.of("17", "17", null).cursor());
        assertEquals(17L, PageQuery.of(null, "17", null).position());
        assertNull(PageQuery.of(null, null, null).cursor());
        assertNull(PageQuery.of(null, null, null).position());
    }

    @Test
    void twoDifferentCursorsAreABadRequestNamingTheAlias() {
        InvalidRequestException e = assertThrows(
                InvalidRequestException.class,
                () -> PageQuery.of("17", "18", null).cursor());
        assertEquals(Set.of("after"), e.fieldErrors().keySet());
    }

    @Test
    void aBadCursorNamesTheParameterTheClientUsed() {
        assertEquals(
                Set.of("cursor"),
                assertThrows(
                                InvalidRequestException.class,
                                () -> PageQuery.of("-1", null, null).position())
                        .fieldErrors()
                        .keySet());
        assertEquals(
                Set.of("after"),
                assertThrows(
                                InvalidRequestException.class,
                                () -> PageQuery.of(null, "x", null).position())
                        .fieldErrors()
                        .keySet());
        assertEquals(
                Set.of("cursor"),
                assertThrows(
                                InvalidRequestException.class,
                                () -> PageQuery.of("not an id!", null, null).cursor(Ids.AGENT_ID))
                        .fieldErrors()
                        .keySet());
    }

    @Test
    void theLimitIsBoundedWithADefault() {
        assertEquals(50, PageQuery.of(null, null, null).limit(50, 200));
        assertEquals(200, PageQuery.of(null, null, "200").limit(50, 200));
        for (String bad : new String[] {"0", "201", "x", "1.5"}) {
            assertEquals(
                    Set.of("limit"),
                    assertThrows(
                                    InvalidRequestException.class,
                                    () -> PageQuery.of(null, null, bad).limit(50, 200))
                            .fieldErrors()
                            .keySet());
        }
    }
}

package agentmesh.inbox.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.problem.InvalidRequestException;
import agentmesh.web.PageQuery;
import org.junit.jupiter.api.Test;

class InboxQueryTest {

    @Test
    void absentValuesTakeTheirDefaults() {
        InboxQuery query = InboxQuery.of(PageQuery.of(null, null, null), null);
        assertNull(query.after());
        assertEquals(100, query.limit());
        assertEquals(0, query.waitSeconds());
    }

    @Test
    void valuesInRangeAreTaken() {
        assertEquals(new InboxQuery(17L, 500, 60), InboxQuery.of(PageQuery.of(null, "17", "500"), "60"));
    }

    @Test
    void valuesOutOfRangeOrNotNumbersNameTheirParameter() {
        for (String[] bad : new String[][] {
            {"-1", null, null},
            {"x", null, null},
            {null, "0", null},
            {null, "501", null},
            {null, null, "61"},
            {null, null, "1.5"},
            {"99999999999999999999", null, null}
        }) {
            InvalidRequestException e = assertThrows(
                    InvalidRequestException.class, () -> InboxQuery.of(PageQuery.of(null, bad[0], bad[1]), bad[2]));
            String field = bad[0] != null ? "after" : bad[1] != null ? "limit" : "wait";
            assertEquals(java.util.Set.of(field), e.fieldErrors().keySet());
        }
    }
}

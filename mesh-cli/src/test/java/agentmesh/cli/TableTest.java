package agentmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsAreAlignedToTheirWidestCellAndAnAbsentValueIsADash() {
        String table = Table.of("ID", "STATUS", "ERROR")
                .row(1, "failed", "broker away")
                .row(1234, "pending", null)
                .render();

        assertEquals("""
                ID    STATUS   ERROR
                1     failed   broker away
                1234  pending  -""", table);
    }

    @Test
    void aTableWithoutRowsSaysSo() {
        assertEquals("ID  NAME\n(none)", Table.of("ID", "NAME").render());
    }

    @Test
    void fieldsAreNamesAndValuesWithoutAHeader() {
        assertEquals(
                "agent  bob\nname   Bob",
                Table.fields().row("agent", "bob").row("name", "Bob").render());
    }

    @Test
    void aMultiLineCellStaysOnItsRow() {
        assertEquals(
                "A  B\n1  first line second line",
                Table.of("A", "B").row(1, "first line\n  second line").render());
    }
}

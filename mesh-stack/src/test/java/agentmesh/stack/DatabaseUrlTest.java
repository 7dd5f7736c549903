package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DatabaseUrlTest {

    @Test
    void aMysqlUrlGivesItsServerAndDatabase() {
        DatabaseUrl url = DatabaseUrl.parse("jdbc:mysql://db.local:3307/mesh_test?useSSL=true");

        assertEquals(new DatabaseUrl("db.local", 3307, "mesh_test", "useSSL=true"), url);
    }

    @Test
    void aUrlWithoutAPortMeansMysqlsPortAndAMariadbUrlIsAccepted() {
        assertEquals(
                new DatabaseUrl("127.0.0.1", 3306, "mesh", ""), DatabaseUrl.parse("jdbc:mariadb://127.0.0.1/mesh"));
    }

    @Test
    void theApplicationConnectsWithItsOwnOptionsOrTheStacksDefaults() {
        assertEquals(
                "jdbc:mysql://h:3306/mesh?sslMode=DISABLED&allowPublicKeyRetrieval=true&characterEncoding=UTF-8",
                DatabaseUrl.parse("jdbc:mysql://h/mesh").applicationUrl());
        assertEquals(
                "jdbc:mysql://h:3306/mesh?useSSL=true",
                DatabaseUrl.parse("jdbc:mysql://h/mesh?useSSL=true").applicationUrl());
    }

    @Test
    void theAdministrativeConnectionNamesNoDatabase() {
        assertEquals(
                "jdbc:mysql://h:3307/?sslMode=DISABLED&allowPublicKeyRetrieval=true",
                DatabaseUrl.parse("jdbc:mysql://h:3307/mesh").serverUrl());
    }

    @Test
    void anotherDatabaseKindIsRefused() {
        var refused = assertThrows(IllegalArgumentException.class, () -> DatabaseUrl.parse("jdbc:postgresql://h/mesh"));
        assertTrue(refused.getMessage().startsWith("MESH_DB_URL must be a jdbc:mysql:// URL"), refused.getMessage());
    }

    @Test
    void aMissingOrUnsafeDatabaseNameIsRefused() {
        // The name goes into CREATE DATABASE and GRANT statements: only letters, digits and underscores.
        assertThrows(IllegalArgumentException.class, () -> DatabaseUrl.parse("jdbc:mysql://h:3306/"));
        assertThrows(IllegalArgumentException.class, () -> DatabaseUrl.parse("jdbc:mysql://h:3306"));
        assertThrows(IllegalArgumentException.class, () -> DatabaseUrl.parse("jdbc:mysql://h/mesh-db"));
        assertThrows(IllegalArgumentException.class, () -> DatabaseUrl.parse("jdbc:mysql://h/" + "m".repeat(65)));
    }
}

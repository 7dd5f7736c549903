package agentmesh.system.incontainer;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.datasource.MeshDataSource;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import java.util.UUID;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/** What in-container tests set up through the mesh's own beans and resources. Runs inside the server. */
public final class MeshFixtures {

    private MeshFixtures() {}

    /** A newly registered agent of the test's own, named after its role. */
    public static String agent(AgentRegistry agents, String role) {
        String id = role + "-" + UUID.randomUUID().toString().substring(0, 8) + "@incontainer";
        agents.register(id, role);
        return id;
    }

    /** The parts of a plain text message. */
    public static JsonArray text(String text) {
        return Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("kind", "text").add("text", text))
                .build();
    }

    /** The datasource the mesh uses: the server's when the domain names one, else the application's own. */
    public static DataSource database() {
        return lookup(ConfigProvider.getConfig()
                .getOptionalValue("mesh.datasource", String.class)
                .orElse(MeshDataSource.OWN));
    }

    /** A container resource by its JNDI name (the application's datasource, the UserTransaction, an executor). */
    public static <T> T lookup(String name) {
        try {
            return InitialContext.doLookup(name);
        } catch (NamingException e) {
            throw new IllegalStateException("no " + name + " here: " + e.getMessage(), e);
        }
    }
}

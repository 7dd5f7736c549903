package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertFalse;

import agentmesh.stack.PayaraServer;
import agentmesh.system.MeshClient.Agent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A domain nobody prepared for the mesh, as {@code create-domain} makes it (no JDBC driver, no {@code jdbc/mesh}, no
 * {@code mesh.datasource}, none of the production settings): the EAR deploys there all the same and runs on the
 * datasource it defines itself, with the driver it carries.
 */
@ExtendWith(MeshStackExtension.class)
class OwnDataSourceIT {

    @Test
    void onADomainWithoutTheServersPoolTheMeshRunsOnItsOwnDataSource() {
        try (PayaraServer bare = MeshStackExtension.stack().addBareServer()) {
            assertFalse(bare.adminCommand("list-jdbc-resources").contains("jdbc/mesh"));
            assertFalse(bare.adminCommand("list-libraries").contains("mysql"), "the driver is the EAR's own");

            bare.deploy();

            MeshClient there = new MeshClient(bare.baseUri());
            Agent alice = there.registerAgent("alice");
            Agent bob = there.registerAgent("bob");
            there.allow(alice, bob);
            String messageId = there.send(alice, MeshClient.textMessage(null, bob, null, "on the EAR's own pool"))
                    .getString("messageId");
            Delivery.awaitExactly(Map.of(bob.id(), List.of(messageId)), Duration.ofSeconds(60));
        }
    }
}

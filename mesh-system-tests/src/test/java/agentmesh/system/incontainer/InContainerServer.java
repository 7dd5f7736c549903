package agentmesh.system.incontainer;

import agentmesh.stack.PayaraServer;
import agentmesh.system.MeshStackExtension;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The server of the in-container tier, set up before Arquillian on every in-container test class: the stack (as for
 * every system test) and, once for the run, one more Payara domain of it with no application, whose ports it hands
 * to Arquillian ({@code arquillian.xml}). Arquillian deploys the built EAR there with the test classes inside. That
 * makes it a second instance of the mesh on the stack's database and Kafka: it shares the dispatching and the
 * consuming with the main server as instances do, so the tests assert what holds whoever does the work.
 *
 * <p>Inside the server JUnit runs the test class again, with its extensions; there this one has nothing to do.
 */
public class InContainerServer implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        if (System.getProperty("com.sun.aas.instanceRoot") != null) {
            return; // inside Payara: the tests run here
        }
        new MeshStackExtension().beforeAll(context);
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(InContainerServer.class, key -> start(), Integer.class);
    }

    /** @return the admin port; the server is stopped with the stack */
    private static Integer start() {
        PayaraServer server = MeshStackExtension.stack().addEmptyServer();
        System.setProperty("mesh.incontainer.adminPort", Integer.toString(server.adminPort()));
        System.setProperty("mesh.incontainer.httpPort", Integer.toString(server.httpPort()));
        return server.adminPort();
    }
}

package agentmesh.system.incontainer;

import agentmesh.system.MeshStackExtension;
import java.io.File;
import java.net.URISyntaxException;
import org.awaitility.Awaitility;
import org.hamcrest.Matcher;
import org.jboss.arquillian.container.test.api.Testable;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The EAR the stack deploys, exactly as built, with in-container tests added to one of its modules and what they
 * need beside the mesh's own classes (this tier's JUnit extension, Awaitility) in its {@code lib/}.
 */
public final class MeshDeployment {

    private MeshDeployment() {}

    /**
     * Tests of the control layer, with their fixtures, in the web module: the EJB module's classes are visible there
     * (not from the EAR's {@code lib/}, whose classes the modules see, not the other way round).
     */
    public static EnterpriseArchive withTestsInWebModule(Class<?>... tests) {
        EnterpriseArchive ear = builtEar();
        ear.getAsType(WebArchive.class, "mesh-web.war").addClasses(tests).addClass(MeshFixtures.class);
        return ear;
    }

    /** Tests of the consumer, in the consumer's module: they reach its package-private loop. */
    public static EnterpriseArchive withTestsInConsumerModule(Class<?>... tests) {
        EnterpriseArchive ear = builtEar();
        ear.getAsType(JavaArchive.class, "mesh-agent-mdb.jar").addClasses(tests).addClass(MeshFixtures.class);
        return ear;
    }

    private static EnterpriseArchive builtEar() {
        EnterpriseArchive ear = ShrinkWrap.createFromZipFile(
                EnterpriseArchive.class, MeshStackExtension.stack().ear().toFile());
        ear.addAsLibrary(
                ShrinkWrap.create(JavaArchive.class, "mesh-incontainer.jar").addClass(InContainerServer.class));
        ear.addAsLibraries(jarOf(Awaitility.class), jarOf(Matcher.class));
        // The EAR has two web modules; Arquillian's test servlet goes into the mesh's own.
        Testable.archiveToTest(ear.getAsType(WebArchive.class, "mesh-web.war"));
        return ear;
    }

    private static File jarOf(Class<?> type) {
        try {
            return new File(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}

package agentmesh.datasource;

/**
 * Which datasource the mesh uses. The server's {@code jdbc/mesh} when the domain names it in {@code mesh.datasource}
 * (the Payara setup script creates the pool and sets it: visible, tunable and monitored in the admin console);
 * otherwise the application's own, defined by {@link OwnDataSource} with the same settings, so that a bare domain
 * or Payara Micro needs no setup. Payara resolves the expression when the application deploys.
 */
public final class MeshDataSource {

    /** The application's own datasource. */
    public static final String OWN = "java:app/jdbc/mesh";

    /** The JNDI name every resource injection of the mesh's datasource looks up. */
    public static final String IN_USE = "${MPCONFIG=mesh.datasource:" + OWN + "}";

    private MeshDataSource() {}
}

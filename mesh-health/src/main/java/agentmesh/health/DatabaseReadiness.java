package agentmesh.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the database answers: nothing the mesh accepts can be stored otherwise.
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness extends ReadinessCheck {

    public static final String NAME = "mesh-database";

    @Override
    public String name() {
        return NAME;
    }
}

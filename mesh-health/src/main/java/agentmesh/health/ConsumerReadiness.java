package agentmesh.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.Readiness;

/** Ready when every inbox consumer loop of this instance is running: a dead loop would leave its partitions behind. */
@Readiness
@ApplicationScoped
public class ConsumerReadiness extends ReadinessCheck {

    public static final String NAME = "mesh-inbox-consumer";

    @Override
    public String name() {
        return NAME;
    }
}

package agentmesh.health;

import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/** A readiness check answered by a probe that the module owning what it checks hands it at start-up. */
public abstract class ReadinessCheck implements HealthCheck {

    private volatile Supplier<HealthCheckResponse> probe;

    /** The check's name in the health response. */
    public abstract String name();

    /** From now on the check answers what the probe answers; the probe names its response {@link #name()}. */
    public void answerWith(Supplier<HealthCheckResponse> probe) {
        this.probe = probe;
    }

    @Override
    public HealthCheckResponse call() {
        Supplier<HealthCheckResponse> current = probe;
        return current == null
                ? HealthCheckResponse.named(name())
                        .down()
                        .withData("state", "starting")
                        .build()
                : current.get();
    }
}

package agentmesh.system;

import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import java.nio.file.Path;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the real stack (database, Kafka broker, Payara Server with the built EAR) once for all system tests of the
 * run, and stops it when the run ends. Ports and directories come from the failsafe configuration in the pom.
 */
public class MeshStackExtension implements BeforeAllCallback {

    public static final String ADMIN_TOKEN = "it-admin-token-of-the-tests";
    /** The agent at the server's root (mesh.a2a.default-agent); A2aDiscoveryIT registers it. */
    public static final String DEFAULT_A2A_AGENT = "front-desk";
    /** The host names of agents (mesh.a2a.host-pattern); the tests send them as Host headers to 127.0.0.1. */
    public static final String A2A_HOST_PATTERN = "{agent}.agents.localhost";
    /** The address the stack believes X-Forwarded-For from (mesh.http.trusted-proxies): the tests' own. */
    public static final String TRUSTED_PROXY = "127.0.0.1";

    private static final Logger LOG = Logger.getLogger(MeshStackExtension.class.getName());

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(RunningStack.class, key -> RunningStack.start(), RunningStack.class);
    }

    /** The stack of this test run; started by the extension before any test class that uses it. */
    public static MeshStack stack() {
        return RunningStack.instance.stack;
    }

    /** The OTLP receiver the stack's server exports its spans to (TracingIT). */
    static OtlpReceiver otlp() {
        return RunningStack.instance.otlp;
    }

    /** Whether the stack runs on WildFly, where a few answers are the server's own and differ (tests say which). */
    public static boolean onWildFly() {
        return stack().config().server() == StackConfig.Server.WILDFLY;
    }

    record RunningStack(MeshStack stack, OtlpReceiver otlp) implements ExtensionContext.Store.CloseableResource {

        private static RunningStack instance;

        static RunningStack start() {
            OtlpReceiver otlp = OtlpReceiver.start();
            StackConfig config = StackConfig.builder(Path.of("target", "stack"))
                    .with("MESH_ADMIN_TOKEN", ADMIN_TOKEN)
                    .with("MESH_STACK_FRESH", "true")
                    .with("MESH_TEST_FAULTS", "true")
                    // Retries in tenths of a second, so that outage tests recover quickly; dead after ~30 s.
                    .with("MESH_OUTBOX_BACKOFF_BASE_MS", "100")
                    .with("MESH_OUTBOX_BACKOFF_MAX_MS", "1000")
                    .with("MESH_OUTBOX_MAX_ATTEMPTS", "30")
                    .with("MESH_CONSUMER_RETRY_BACKOFF_MS", "100")
                    // The tests send as fast as they can; GatewayIT checks the default limit on a server of its own.
                    .with("MESH_RATE_LIMIT_PER_SECOND", "100000")
                    .with("MESH_RATE_LIMIT_BURST", "100000")
                    // The tests' remote A2A agents run on 127.0.0.1 over plain http.
                    .with("MESH_A2A_REMOTE_ALLOW_HTTP", "true")
                    .with("MESH_A2A_REMOTE_ALLOW_PRIVATE_ADDRESSES", "true")
                    // Remote agents' bearer tokens sealed, as in production (a test key).
                    .with("MESH_A2A_REMOTE_SECRET_KEY", "BRSUedW6TPeOIPoDNZeU/LzFAMGLibtXiV4F4Th9THY=")
                    // A refusing webhook's update parked after ~15 s of backoff (0.5 s doubling), not minutes.
                    .with("MESH_A2A_PUSH_MAX_ATTEMPTS", "6")
                    // Agents at an origin of their own: by host name, and one at the server's root.
                    .with("MESH_A2A_HOST_PATTERN", A2A_HOST_PATTERN)
                    .with("MESH_A2A_DEFAULT_AGENT", DEFAULT_A2A_AGENT)
                    // The tests' own address stands for a proxy (TrustedProxyLockoutIT); as the balancer's does in the
                    // cluster topology. A request without X-Forwarded-For is still keyed on 127.0.0.1.
                    .with("MESH_HTTP_TRUSTED_PROXIES", TRUSTED_PROXY)
                    // Tracing on, exported to the tests' own OTLP receiver (TracingIT), but recording only the
                    // traces a client starts sampled: the other tests' traffic carries no context and costs only
                    // unrecorded spans. Batches exported every 100 ms, so that a test waits little.
                    .with("OTEL_EXPORTER_OTLP_ENDPOINT", otlp.endpoint())
                    .with("OTEL_TRACES_SAMPLER", "parentbased_always_off")
                    .with("OTEL_BSP_SCHEDULE_DELAY", "100")
                    .with("OTEL_SERVICE_NAME", "agent-mesh-it")
                    .build();
            MeshStack stack = new MeshStack(config).start();
            LOG.info(() -> "System test stack up in " + stack.startupTime().toMillis() + " ms");
            instance = new RunningStack(stack, otlp);
            return instance;
        }

        @Override
        public void close() {
            stack.close();
            otlp.close();
        }
    }
}

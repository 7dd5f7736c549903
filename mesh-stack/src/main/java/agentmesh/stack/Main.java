package agentmesh.stack;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/** {@code ./mesh run}: starts the local stack, prints where it is, and stops everything on Ctrl-C. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        StackConfig config = StackConfig.fromEnvironment(Path.of(".stack"));
        MeshStack stack = new MeshStack(config);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.err.println("Stopping the mesh…");
                            stack.close();
                            stopped.countDown();
                        },
                        "mesh-stack-shutdown"));
        try {
            stack.start();
        } catch (StackException e) {
            System.err.println("The mesh did not start: " + e.getMessage());
            System.exit(1);
        }
        System.out.printf(
                """

                Agent Mesh is running (started in %.1f s).
                  Server:        %s%s
                  API:           %s
                  Dashboard:     %s   (log in with the admin token)
                  Kafka:         %s
                  Database:      %s
                  Admin token:   %s%s
                Press Ctrl-C to stop.
                %n""",
                stack.startupTime().toMillis() / 1000.0,
                serverLine(config, stack),
                clusterLines(stack),
                config.baseUri(),
                config.dashboardUri(),
                config.effectiveKafkaBootstrap(),
                config.database().applicationUrl(),
                config.adminToken(),
                config.adminTokenGenerated() ? "   (generated; set MESH_ADMIN_TOKEN to choose one)" : "");
        stopped.await();
    }

    /** In a cluster, the instances behind the balancer (each one's own URL, for its console and metrics). */
    private static String clusterLines(MeshStack stack) {
        return stack.balancer()
                .map(balancer -> {
                    StringBuilder lines = new StringBuilder();
                    stack.servers()
                            .forEach(server ->
                                    lines.append("\n  Instance:      ").append(server.baseUri()));
                    lines.append("\n  Balancer:      HAProxy at http://127.0.0.1:")
                            .append(balancer.port())
                            .append("/ (agents use it; it checks /health/ready on each instance every second)");
                    return lines.toString();
                })
                .orElse("");
    }

    private static String serverLine(StackConfig config, MeshStack stack) {
        return switch (config.server()) {
            case PAYARA -> config.server().title() + " with the EAR, admin console " + config.consoleUri();
            case MICRO -> config.server().title() + " with the WAR (no admin console)";
            case WILDFLY ->
                config.server().title() + " with the EAR, management console, /health and /metrics at "
                        + stack.server().managementUri();
        };
    }
}

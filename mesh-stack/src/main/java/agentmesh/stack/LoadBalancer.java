package agentmesh.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * HAProxy in front of the stack's instances ({@code MESH_TOPOLOGY=cluster}): on loopback, round robin over the
 * instances whose {@code /health/ready} answers 200 (checked every second; two failures take an instance out, one
 * success brings it back). Requests carry {@code X-Forwarded-For} (the instances trust 127.0.0.1). The one state an
 * instance keeps in its memory alone is an MCP session, so an MCP session sticks to the instance that opened it: a
 * stick table learns the {@code Mcp-Session-Id} of each answer and sends the requests carrying it to the same instance
 * (to another one if it is down, which answers 404 and the client opens a new session). Everything else needs no
 * stickiness: an agent's streams and long polls read the database from a cursor, and hear of other instances'
 * deliveries through the change feed. Streams and long polls may stay open as long as the mesh keeps them (idle
 * timeouts of 10 minutes). Run in the foreground ({@code -db}) from the binary {@code ./mesh} unpacked from Debian's
 * package ({@code MESH_HAPROXY}).
 */
public final class LoadBalancer implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LoadBalancer.class.getName());
    /** The header by which an MCP server names its session (MCP Streamable HTTP), in answers and then requests. */
    static final String MCP_SESSION_HEADER = "Mcp-Session-Id";

    private final Path haproxy;
    private final Path home;
    private final int port;
    private List<MeshServer> instances = List.of();
    private Process process;

    LoadBalancer(Path haproxy, Path home, int port) {
        this.haproxy = haproxy;
        this.home = home;
        this.port = port;
    }

    /** The port agents use. */
    public int port() {
        return port;
    }

    /** The instances it balances over. */
    public synchronized List<MeshServer> instances() {
        return instances;
    }

    /** The HAProxy process while it runs. */
    public synchronized Optional<ProcessHandle> process() {
        return process == null || !process.isAlive() ? Optional.empty() : Optional.of(process.toHandle());
    }

    /** Starts HAProxy in front of the instances and waits until it routes to one that is ready. */
    public synchronized void start(List<MeshServer> instances) {
        if (!Files.isExecutable(haproxy)) {
            throw new StackException("No HAProxy at " + haproxy + " (MESH_HAPROXY): `MESH_TOPOLOGY=cluster ./mesh run`"
                    + " unpacks it from Debian's package");
        }
        Processes.fromPidFile(pidFile())
                .filter(p -> p.info().command().orElse("").contains("haproxy"))
                .ifPresent(stale -> Processes.terminate(stale, Duration.ofSeconds(10)));
        Ports.requireFree(port, "load balancer, MESH_PORT_BASE + 90");
        this.instances = List.copyOf(instances);
        try {
            Files.createDirectories(home);
            Files.writeString(home.resolve(UNAVAILABLE_FILE), UNAVAILABLE);
            Path configuration = home.resolve("haproxy.cfg");
            Files.writeString(configuration, configuration(instances));
            process = new ProcessBuilder(haproxy.toString(), "-db", "-f", configuration.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            home.resolve("haproxy.log").toFile()))
                    .start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("HAProxy did not start", e);
        }
        Wait.until(
                "HAProxy on port " + port + " (log: " + home.resolve("haproxy.log") + ")",
                Duration.ofSeconds(30),
                () -> {
                    if (!process.isAlive()) {
                        throw new StackException(
                                "HAProxy exited with " + process.exitValue() + "; see " + home.resolve("haproxy.log"));
                    }
                    return Ports.accepts("127.0.0.1", port);
                });
        LOG.info(
                () -> "Load balancer at http://127.0.0.1:" + port + "/ in front of " + instances.size() + " instances");
    }

    private static final String UNAVAILABLE_FILE = "unavailable.http";
    private static final String UNAVAILABLE_BODY = "{\"type\":\"https://agent-mesh.dev/problems/service-unavailable\","
            + "\"title\":\"Service unavailable\",\"status\":503,"
            + "\"detail\":\"No instance of the mesh could answer the request; try again.\"}";
    static final String UNAVAILABLE = "HTTP/1.1 503 Service Unavailable\r\n"
            + "Content-Type: application/problem+json\r\n"
            + "Retry-After: 1\r\n"
            + "Cache-Control: no-store\r\n"
            + "Connection: close\r\n"
            + "Content-Length: " + UNAVAILABLE_BODY.length() + "\r\n"
            + "\r\n"
            + UNAVAILABLE_BODY;

    String configuration(List<MeshServer> instances) {
        List<String> lines = new ArrayList<>(List.of(
                "global",
                "    maxconn 4096",
                "defaults",
                "    mode http",
                "    option forwardfor",
                "    option redispatch 1",
                "    retries 2",
                "    timeout connect 2s",
                "    timeout client 10m",
                "    timeout server 10m",
                "    timeout http-request 15s",
                // Longer than the JDK client's 30 s (and most clients'): the client closes an idle connection first,
                // so it never sends a request on one the balancer is closing at that moment (a failed connection).
                "    timeout http-keep-alive 5m",
                // What HAProxy answers itself (no instance up, an instance that died or stalled mid-request) is the
                // mesh's own 503: a problem document with Retry-After, which clients retry as any other.
                "    errorfile 502 " + home.resolve(UNAVAILABLE_FILE),
                "    errorfile 503 " + home.resolve(UNAVAILABLE_FILE),
                "    errorfile 504 " + home.resolve(UNAVAILABLE_FILE),
                "frontend mesh",
                "    bind 127.0.0.1:" + port,
                "    default_backend instances",
                "backend instances",
                "    balance roundrobin",
                "    option httpchk GET /health/ready",
                "    http-check expect status 200",
                // An instance that stalls (a pause, a long collection) holds what it was sent until it answers: past
                // 8 s the balancer answers a request of the API itself, the mesh's 503, which the client retries with
                // the same messageId. The inbox's reads wait on purpose (long polls, streams), as A2A and MCP may.
                // An instance that dies under a request it has not answered: HAProxy would close the client's
                // connection for the client to resend (its rule for a reused connection), and clients do not resend
                // every POST. It resends to another instance itself what is safe to resend: reads, and sends, which
                // carry their messageId (the instance may have stored one before it died; the resend is answered with
                // the original). Any other POST is left to the client.
                "    retry-on conn-failure empty-response",
                "    http-request disable-l7-retry if METH_POST !{ path /mesh/api/v1/messages }",
                "    acl inbox path_beg /mesh/api/v1/inbox",
                "    http-request set-timeout server 8s if { path_beg /mesh/api/v1/ } !inbox",
                // The MCP library's ids are UUIDs (36 characters). An entry lives 30 minutes from its last use;
                // 20k entries cover the sessions two instances keep (mesh.mcp.max-sessions, 1,000 each) many times.
                "    stick-table type string len 64 size 20k expire 30m",
                "    stick store-response res.hdr(" + MCP_SESSION_HEADER + ")",
                "    stick match req.hdr(" + MCP_SESSION_HEADER + ")"));
        for (int i = 0; i < instances.size(); i++) {
            MeshServer instance = instances.get(i);
            lines.add("    server instance-" + (i + 1) + " 127.0.0.1:" + instance.httpPort()
                    + " check inter 1s fall 2 rise 1" + healthPort(instance));
        }
        return String.join("\n", lines) + "\n";
    }

    // WildFly answers /health on its management port, not its HTTP one.
    private static String healthPort(MeshServer instance) {
        int management = instance.managementUri().getPort();
        return management == instance.httpPort() ? "" : " port " + management;
    }

    @Override
    public synchronized void close() {
        if (process != null) {
            Processes.terminate(process.toHandle(), Duration.ofSeconds(10));
            process = null;
        }
    }

    private Path pidFile() {
        return home.resolve("haproxy.pid");
    }
}

package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoadBalancerTest {

    private final LoadBalancer balancer = new LoadBalancer(Path.of("haproxy"), Path.of("home"), 18090);
    private final List<String> lines = balancer.configuration(
                    List.of(new Instance(18180, 18180), new Instance(18280, 19990)))
            .lines()
            .map(String::strip)
            .toList();

    @Test
    void anMcpSessionSticksToTheInstanceWhoseAnswerNamedIt() {
        List<String> backend = section("backend instances");
        assertTrue(
                backend.stream()
                        .anyMatch(line -> line.matches("stick-table type string len \\d+ size \\S+ expire \\S+")),
                backend::toString);
        assertTrue(backend.contains("stick store-response res.hdr(Mcp-Session-Id)"), backend::toString);
        assertTrue(backend.contains("stick match req.hdr(Mcp-Session-Id)"), backend::toString);
    }

    @Test
    void everythingElseIsBalancedRoundRobinOverTheReadyInstances() {
        List<String> backend = section("backend instances");
        assertTrue(backend.contains("balance roundrobin"), backend::toString);
        assertTrue(backend.contains("option httpchk GET /health/ready"), backend::toString);
        assertEquals(
                List.of(
                        "server instance-1 127.0.0.1:18180 check inter 1s fall 2 rise 1",
                        "server instance-2 127.0.0.1:18280 check inter 1s fall 2 rise 1 port 19990"),
                backend.stream().filter(line -> line.startsWith("server ")).toList());
    }

    @Test
    void whatTheBalancerAnswersItselfIsTheMeshsOwn503WithRetryAfter() {
        List<String> defaults = section("defaults");
        for (int status : List.of(502, 503, 504)) {
            assertTrue(
                    defaults.contains("errorfile " + status + " " + Path.of("home", "unavailable.http")),
                    defaults::toString);
        }
        String[] answer = LoadBalancer.UNAVAILABLE.split("\r\n\r\n", 2);
        List<String> head = List.of(answer[0].split("\r\n"));
        assertEquals("HTTP/1.1 503 Service Unavailable", head.get(0));
        assertTrue(head.contains("Content-Type: application/problem+json"), head::toString);
        assertTrue(head.contains("Retry-After: 1"), head::toString);
        assertTrue(
                head.contains("Content-Length: " + answer[1].getBytes(StandardCharsets.UTF_8).length), head::toString);
        assertTrue(answer[1].contains("\"status\":503"), answer[1]);
    }

    @Test
    void requestsCarryTheClientsAddressForTheInstancesLockout() {
        assertTrue(section("defaults").contains("option forwardfor"), lines::toString);
        assertTrue(section("frontend mesh").contains("bind 127.0.0.1:18090"), lines::toString);
    }

    @Test
    void streamsMayStayOpenTenMinutes() {
        assertTrue(
                section("defaults").containsAll(List.of("timeout client 10m", "timeout server 10m")), lines::toString);
    }

    @Test
    void aStalledInstanceCostsTheApiEightSecondsButNotTheInboxsWaits() {
        assertTrue(
                section("backend instances")
                        .containsAll(List.of(
                                "acl inbox path_beg /mesh/api/v1/inbox",
                                "http-request set-timeout server 8s if { path_beg /mesh/api/v1/ } !inbox")),
                lines::toString);
    }

    @Test
    void readsAndSendsThatAnInstanceDiedUnderAreResentToAnotherOtherPostsAreNot() {
        assertTrue(section("defaults").contains("option redispatch 1"), lines::toString);
        assertTrue(
                section("backend instances")
                        .containsAll(List.of(
                                "retry-on conn-failure empty-response",
                                "http-request disable-l7-retry if METH_POST !{ path /mesh/api/v1/messages }")),
                lines::toString);
    }

    @Test
    void theClientClosesAnIdleConnectionBeforeTheBalancerDoes() {
        assertTrue(section("defaults").contains("timeout http-keep-alive 5m"), lines::toString);
    }

    @Test
    void withoutHaproxyItRefusesToStartAndSaysWhereItLooked() {
        LoadBalancer missing = new LoadBalancer(Path.of("no-haproxy"), Path.of("target/lb"), 18090);

        var refused = assertThrows(StackException.class, () -> missing.start(List.of(new Instance(18080, 18080))));

        assertTrue(refused.getMessage().startsWith("No HAProxy at no-haproxy (MESH_HAPROXY)"), refused.getMessage());
    }

    // The lines of one section of the configuration, up to the next section's header.
    private List<String> section(String header) {
        int start = lines.indexOf(header);
        assertTrue(start >= 0, () -> "no " + header + " in " + lines);
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).matches("(global|defaults|frontend|backend)\\b.*")) {
            end++;
        }
        return lines.subList(start + 1, end);
    }

    /** Only its ports matter to the balancer. */
    private record Instance(int httpPort, int managementPort) implements MeshServer {

        @Override
        public URI managementUri() {
            return URI.create("http://127.0.0.1:" + managementPort + "/");
        }

        @Override
        public void createAndDeploy() {}

        @Override
        public void restart() {}

        @Override
        public void restart(Map<String, String> environment) {}

        @Override
        public Optional<ProcessHandle> pid() {
            return Optional.empty();
        }

        @Override
        public Path serverLog() {
            return Path.of("server.log");
        }
    }
}

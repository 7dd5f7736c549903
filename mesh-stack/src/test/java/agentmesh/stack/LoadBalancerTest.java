package agentmesh.stack;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadBalancerTest {

    private final LoadBalancer balancer = new LoadBalancer(Path.of("no-haproxy"), Path.of("target/lb"), 18090);

    @Test
    void itListensOnLoopbackAndBalancesOverTheReadyInstancesInTurn() {
        String configuration = balancer.configuration(List.of(new Instance(18080, 18080), new Instance(19080, 19080)));

        List<String> lines = configuration.lines().map(String::strip).toList();
        assertTrue(lines.contains("bind 127.0.0.1:18090"), configuration);
        assertTrue(lines.contains("balance roundrobin"), configuration);
        assertTrue(lines.contains("option httpchk GET /health/ready"), configuration);
        assertTrue(lines.contains("option forwardfor"), configuration);
        assertTrue(lines.contains("server instance-1 127.0.0.1:18080 check inter 1s fall 2 rise 1"), configuration);
        assertTrue(lines.contains("server instance-2 127.0.0.1:19080 check inter 1s fall 2 rise 1"), configuration);
    }

    @Test
    void streamsMayStayOpenTenMinutes() {
        List<String> lines = balancer.configuration(List.of(new Instance(18080, 18080))).lines()
                .map(String::strip).toList();

        assertTrue(lines.containsAll(List.of("timeout client 10m", "timeout server 10m")), lines.toString());
    }

    @Test
    void anInstanceWithAManagementPortIsCheckedThere() {
        String configuration = balancer.configuration(List.of(new Instance(18080, 19990)));

        assertTrue(configuration.contains("server instance-1 127.0.0.1:18080 check inter 1s fall 2 rise 1 port 19990\n"),
                configuration);
    }

    @Test
    void withoutHaproxyItRefusesToStartAndSaysWhereItLooked() {
        var refused = assertThrows(StackException.class, () -> balancer.start(List.of(new Instance(18080, 18080))));

        assertTrue(refused.getMessage().startsWith("No HAProxy at no-haproxy (MESH_HAPROXY)"), refused.getMessage());
    }

    /** Only its ports matter to the balancer. */
    private record Instance(int httpPort, int managementPort) implements MeshServer {

        @Override
        public URI managementUri() {
            return URI.create("http://127.0.0.1:" + managementPort + "/");
        }

        @Override
        public void createAndDeploy() {
        }

        @Override
        public void restart() {
        }

        @Override
        public void stop() {
        }

        @Override
        public void kill() {
        }

        @Override
        public Optional<ProcessHandle> pid() {
            return Optional.empty();
        }

        @Override
        public Path serverLog() {
            return Path.of("server.log");
        }

        @Override
        public void close() {
        }
    }
}

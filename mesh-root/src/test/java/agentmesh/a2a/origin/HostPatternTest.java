package agentmesh.a2a.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostPatternTest {

    private final HostPattern agents = HostPattern.parse("{agent}.agents.example.com");

    @Test
    void aHostOfThePatternNamesItsAgent() {
        assertEquals(Optional.of("bob"), agents.agentOf("bob.agents.example.com"));
        assertEquals(Optional.of("bob-coder-2"), agents.agentOf("bob-coder-2.agents.example.com"));
    }

    @Test
    void hostsAreComparedWithoutCaseAndWithoutATrailingDot() {
        assertEquals(Optional.of("bob"), agents.agentOf("BOB.Agents.Example.COM"));
        assertEquals(Optional.of("bob"), agents.agentOf("bob.agents.example.com."));
    }

    @Test
    void otherHostsNameNoAgent() {
        for (String host : new String[] {
            "agents.example.com",
            ".agents.example.com",
            "bob.agents.example.org",
            "bob.example.com",
            "x.bob.agents.example.com",
            "bobagents.example.com",
            "127.0.0.1",
            "[::1]",
            "localhost",
            ""
        }) {
            assertEquals(Optional.empty(), agents.agentOf(host), host);
        }
        assertEquals(Optional.empty(), agents.agentOf(null));
    }

    @Test
    void onlyIdsThatAreHostLabelsHaveAHost() {
        assertEquals(Optional.empty(), agents.agentOf("bo.agents.example.com"), "ids have 3 characters at least");
        assertEquals(Optional.empty(), agents.agentOf("-bob.agents.example.com"));
        assertEquals(Optional.empty(), agents.agentOf("bob-.agents.example.com"));
        assertEquals(Optional.empty(), agents.agentOf("bob_coder.agents.example.com"));
        assertEquals(Optional.of("a".repeat(63)), agents.agentOf("a".repeat(63) + ".agents.example.com"));
        assertEquals(Optional.empty(), agents.agentOf("a".repeat(64) + ".agents.example.com"));
    }

    @Test
    void theAgentLabelMayStandAnywhere() {
        HostPattern middle = HostPattern.parse("a2a.{agent}.Example.com");
        assertEquals(Optional.of("bob"), middle.agentOf("a2a.bob.example.com"));
        assertEquals(Optional.empty(), middle.agentOf("bob.example.com"));
        assertEquals(Optional.of("bob"), HostPattern.parse("agents.{agent}").agentOf("agents.bob"));
    }

    @Test
    void aPatternNeedsTheAgentLabelOnceAndADomain() {
        for (String bad : new String[] {
            "agents.example.com",
            "{agent}",
            "{agent}.{agent}.example.com",
            "x{agent}.example.com",
            "{agent}-x.example.com",
            "{agent}.exa_mple.com",
            "{agent}..example.com",
            "*.agents.example.com",
            "{agent}.agents.example.com:8080",
            ""
        }) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> HostPattern.parse(bad), bad);
            assertTrue(refused.getMessage().startsWith("mesh.a2a.host-pattern must be"), refused.getMessage());
        }
        assertEquals(
                "{agent}.agents.localhost",
                HostPattern.parse(" {AGENT}.Agents.localhost ").toString());
    }
}

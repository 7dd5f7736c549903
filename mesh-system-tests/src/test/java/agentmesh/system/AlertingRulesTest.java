package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The alerting rules shipped in {@code server-config/prometheus}: valid for Prometheus, and each firing on what it is
 * for and not otherwise ({@code alerts-test.yml}, synthetic series).
 */
class AlertingRulesTest {

    private static final Path RULES = Path.of("..", "server-config", "prometheus");

    @Test
    void theRulesAreValidForPrometheus() {
        Promtool.Outcome check = Promtool.run(RULES, "", "check", "rules", "alerts.yml");
        assertEquals(0, check.exitCode(), check.output());
    }

    @Test
    void eachAlertFiresOnItsSyntheticSeriesAndOnlyThere() {
        Promtool.Outcome test = Promtool.run(RULES, "", "test", "rules", "alerts-test.yml");
        assertEquals(0, test.exitCode(), test.output());
    }
}

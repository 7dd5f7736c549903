package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import agentmesh.stack.PayaraServer;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * The mesh as an admin sees it in Payara Server's admin console: the domain the launcher prepared with
 * {@code server-config/payara/setup.asadmin} holds the {@code jdbc/mesh} pool, the application runs on it (its
 * connections are counted in the pool's monitoring), and the console shows the pool, the application and the pool's
 * statistics. Screenshots in {@code target/screenshots/}. Payara Micro has no domain or console, hence no test there.
 */
@ExtendWith(MeshStackExtension.class)
class AdminConsoleIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static PayaraServer server;
    private final MeshClient mesh = MeshClient.forStack();

    @BeforeAll
    static void aPayaraServerDomain() {
        assumeTrue(MeshStackExtension.stack().server() instanceof PayaraServer, "the stack runs Payara Server");
        server = (PayaraServer) MeshStackExtension.stack().server();
    }

    @Test
    void theMeshRunsOnTheServersPoolWhoseMonitoringCountsItsConnections() {
        assertTrue(server.adminCommand("list-jdbc-resources").contains("jdbc/mesh"));
        long acquiredBefore = poolStatistic("numconnacquired");
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);

        String messageId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "through jdbc/mesh"))
                .getString("messageId");

        Delivery.awaitExactly(Map.of(bob.id(), List.of(messageId)), Duration.ofSeconds(30));
        assertTrue(
                poolStatistic("numconnacquired") >= acquiredBefore + 4,
                "registering, allowing, sending and delivering took connections from the server's pool");
    }

    @Test
    void theConsoleShowsThePoolTheApplicationAndThePoolsStatistics() {
        awaitConsole();
        try (Browser browser = new Browser()) {
            browser.driver.manage().timeouts().pageLoadTimeout(Duration.ofMinutes(2));
            // The console's first answer is a loading screen while it installs itself. On a domain created with
            // --nopassword its login page signs the admin in by itself; otherwise it waits for the user admin.
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofSeconds(3))
                    .until(() -> {
                        browser.driver.get(console("/"));
                        var user = browser.driver.findElements(By.id("Login.username"));
                        if (!user.isEmpty() && user.get(0).isDisplayed()) {
                            user.get(0).clear();
                            user.get(0).sendKeys("admin");
                            browser.driver.findElement(By.id("Login.password")).submit();
                        }
                        return browser.driver.getTitle().startsWith("Payara Server Console");
                    });

            browser.driver.get(console("/jdbc/jdbcConnectionPoolEdit.jsf?name=mesh"));
            assertPageShows(browser, "Edit JDBC Connection Pool", "Pool Name:\nmesh");
            assertEquals(
                    1,
                    browser.driver
                            .findElements(By.cssSelector("input[value='com.mysql.cj.jdbc.MysqlDataSource']"))
                            .size());
            browser.screenshot("console-1-jdbc-pool");

            browser.driver.get(console("/common/applications/applicationEdit.jsf?appName=mesh"));
            assertPageShows(browser, "mesh-web", "mesh-ejb");
            browser.screenshot("console-2-application");

            browser.driver.get(console("/common/monitor/serverInstMonitoringResourcesPage.jsf?instanceName=server"));
            new Select(browser.driver
                            .findElement(By.cssSelector("select option[value='mesh']"))
                            .findElement(By.xpath("ancestor::select")))
                    .selectByValue("mesh");
            await().atMost(Duration.ofMinutes(1))
                    .until(() -> browser.driver
                                    .findElements(By.cssSelector("select option[value='mesh'][selected]"))
                                    .size()
                            == 1);
            assertPageShows(browser, "NumConnAcquired", "NumConnUsed", "ConnRequestWaitTime");
            browser.screenshot("console-3-pool-monitoring");
        }
    }

    private static void assertPageShows(Browser browser, String... texts) {
        await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> {
            String page = browser.driver.findElement(By.tagName("body")).getText();
            for (String text : texts) {
                assertTrue(page.contains(text), () -> "the page shows " + text + ":\n" + page);
            }
        });
    }

    /** The console is installed on its first request, which answers 202 until it is ready. */
    private static void awaitConsole() {
        await().atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofSeconds(2))
                .until(() -> get(console("/")).statusCode() == 200);
    }

    /** A figure of the jdbc/mesh pool from Payara's REST monitoring, which is what the console shows. */
    private static long poolStatistic(String name) {
        HttpResponse<String> response = get(console("/monitoring/domain/server/resources/mesh"));
        assertEquals(200, response.statusCode(), response.body());
        JsonObject entity = Json.createReader(new StringReader(response.body()))
                .readObject()
                .getJsonObject("extraProperties")
                .getJsonObject("entity");
        return entity.getJsonObject(name).getJsonNumber("count").longValue();
    }

    private static String console(String path) {
        return "http://127.0.0.1:" + server.adminPort() + path;
    }

    private static HttpResponse<String> get(String uri) {
        try {
            return HTTP.send(
                    HttpRequest.newBuilder(URI.create(uri))
                            .header("Accept", "application/json")
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

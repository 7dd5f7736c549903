package agentmesh.system;

import agentmesh.system.MeshClient.Agent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin dashboard at /mesh/admin/ in headless Chromium, as an admin uses it: logs in with the admin token, watches
 * figures change while messages flow, retries a dead outbox event, replays a dead letter, registers an agent,
 * allows a contact and revokes it. Screenshots of each step are kept in {@code target/screenshots/}.
 */
@ExtendWith(MeshStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardIT {

    private static Browser browser;
    private final MeshClient mesh = MeshClient.forStack();

    @BeforeAll
    static void openTheDashboard() {
        browser = new Browser();
        browser.driver.get(MeshStackExtension.stack().config().dashboardUri().toString());
    }

    @AfterAll
    static void closeTheBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    @Order(1)
    void aWrongTokenIsRefusedAndTheAdminTokenOpensTheDashboard() {
        logIn("not-the-admin-token");
        await().atMost(Duration.ofSeconds(10)).until(() -> text("login-error").contains("not the admin token"));
        assertFalse(element("dashboard").isDisplayed());

        logIn(MeshStackExtension.ADMIN_TOKEN);

        await().atMost(Duration.ofSeconds(10)).until(() -> element("dashboard").isDisplayed()
                && text("status").startsWith("Live"));
        assertFalse(element("login").isDisplayed());
        assertEquals(List.of("submitted", "working", "input-required", "auth-required", "completed", "failed",
                "canceled", "rejected"), column("tasks", 0));
        assertTrue((Boolean) browser.driver.executeScript("return sessionStorage.length === 1"
                + " && localStorage.length === 0"), "the token is kept in the tab's session only");
        browser.screenshot("dashboard-1-logged-in");
    }

    @Test
    @Order(2)
    void liveFiguresAndChartsFollowTheMessagesThatFlow() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        long deliveredBefore = Long.parseLong(text("delivered"));

        for (int i = 0; i < 20; i++) {
            mesh.send(alice, MeshClient.textMessage(null, bob, null, "watched " + i));
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> Long.parseLong(text("delivered")) >= deliveredBefore + 20);
        // Both charts drew samples: uPlot renders into a canvas, and its legend shows the latest values.
        assertEquals(1, browser.driver.findElements(By.cssSelector("#throughput-chart canvas")).size());
        assertEquals(1, browser.driver.findElements(By.cssSelector("#latency-chart canvas")).size());
        assertEquals(12, column("lag", 0).size(), "a row for each of the topic's partitions");
        browser.screenshot("dashboard-2-messages-flowing");
    }

    @Test
    @Order(3)
    void aDeadOutboxEventIsShownWithItsFaultAndRetryDeliversIt() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        assertEquals(204, mesh.put("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN).status());
        String messageId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "dies first"))
                .getString("messageId");

        await().atMost(Duration.ofSeconds(120)).until(() -> hasRow("dead-events", bob.id()));
        await().atMost(Duration.ofSeconds(10)).until(() -> column("faults", 0).contains("outbox-event-dead"));
        browser.screenshot("dashboard-3-dead-event");
        assertEquals(204, mesh.delete("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN)
                .status());

        press("Retry", "dead-events", bob.id());

        await().atMost(Duration.ofSeconds(10)).until(() -> text("notice").contains("waits to be published again"));
        Delivery.awaitExactly(Map.of(bob.id(), List.of(messageId)), Duration.ofSeconds(30));
        await().atMost(Duration.ofSeconds(10)).until(() -> !hasRow("dead-events", bob.id()));
    }

    @Test
    @Order(4)
    void aPoisonRecordIsShownAsADeadLetterAndReplayDeliversIt() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String poison = "m-poison-" + bob.id();
        assertEquals(204, mesh.put("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN).status());
        mesh.send(alice, MeshClient.textMessage(poison, bob, null, "poison"));

        await().atMost(Duration.ofSeconds(90)).until(() -> hasRow("dead-letters", bob.id()));
        browser.screenshot("dashboard-4-dead-letter");
        assertEquals(204, mesh.delete("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN)
                .status());

        press("Replay", "dead-letters", bob.id());

        await().atMost(Duration.ofSeconds(10)).until(() -> text("notice").endsWith(": delivered."));
        assertEquals(List.of(poison), Inbox.messageIds(Inbox.all(mesh, bob, 0)));
        await().atMost(Duration.ofSeconds(10)).until(() -> !hasRow("dead-letters", bob.id()));
    }

    @Test
    @Order(5)
    void anAgentRegisteredAndAllowedOnTheDashboardCanSendUntilTheContactIsRevoked() {
        Agent bob = mesh.registerAgent("bob");
        String carol = "carol-" + bob.id();

        WebElement register = element("register");
        register.findElement(By.name("agentId")).sendKeys(carol);
        register.findElement(By.name("displayName")).sendKeys("Carol");
        register.findElement(By.tagName("button")).click();

        await().atMost(Duration.ofSeconds(10)).until(() -> text("notice").equals("Registered " + carol + "."));
        String shown = text("new-token");
        assertTrue(shown.startsWith("Token of " + carol), shown);
        String token = shown.substring(shown.lastIndexOf(' ') + 1);
        await().atMost(Duration.ofSeconds(10)).until(() -> hasRow("agents", carol));

        WebElement allow = element("allow");
        allow.findElement(By.name("a")).sendKeys(carol);
        allow.findElement(By.name("b")).sendKeys(bob.id());
        allow.findElement(By.tagName("button")).click();
        await().atMost(Duration.ofSeconds(10)).until(() -> text("notice").equals(carol + " and " + bob.id()
                + " may talk."));
        browser.screenshot("dashboard-5-agent-registered");

        String sent = mesh.send(new Agent(carol, token), MeshClient.textMessage(null, bob, null, "hello from carol"))
                .getString("messageId");
        Delivery.awaitExactly(Map.of(bob.id(), List.of(sent)), Duration.ofSeconds(30));

        press("Contacts", "agents", carol);
        await().atMost(Duration.ofSeconds(10)).until(() -> browser.driver.findElements(
                By.cssSelector("#agents ul.contacts li")).stream().anyMatch(li -> li.getText().startsWith(bob.id())));
        click(By.xpath("//ul[@class='contacts']/li[starts-with(., '" + bob.id() + "')]/button[text()='Revoke']"));
        await().atMost(Duration.ofSeconds(10)).until(() -> text("notice").equals(carol + " and " + bob.id()
                + " may no longer talk."));
        ApiResponse refused = mesh.post("messages", token, MeshClient.textMessage(null, bob, null, "still there?"));
        assertEquals(403, refused.status(), refused::toString);
    }

    private static void logIn(String token) {
        WebElement field = element("token");
        field.clear();
        field.sendKeys(token);
        element("login").findElement(By.tagName("button")).click();
    }

    private static WebElement element(String id) {
        return browser.driver.findElement(By.id(id));
    }

    private static String text(String id) {
        return element(id).getText().trim();
    }

    /** The texts of one column of a table's body. */
    private static List<String> column(String tableId, int index) {
        return rows(tableId).stream().filter(cells -> cells.size() > index).map(cells -> cells.get(index)).toList();
    }

    private static boolean hasRow(String tableId, String text) {
        return rows(tableId).stream().anyMatch(cells -> cells.contains(text));
    }

    /** A table's body as the texts of its cells, read in one script: the page redraws its lists every few seconds. */
    @SuppressWarnings("unchecked")
    private static List<List<String>> rows(String tableId) {
        return (List<List<String>>) browser.driver.executeScript("return [...document.querySelectorAll('#' +"
                + " arguments[0] + ' tbody tr')].map(tr => [...tr.cells].map(td => td.textContent.trim()))",
                tableId);
    }

    /** Presses the button in the table's row that shows {@code text}; the lists are redrawn every few seconds. */
    private static void press(String button, String tableId, String text) {
        click(By.xpath("//table[@id='" + tableId + "']/tbody/tr[td[normalize-space(.)='" + text + "']]"
                + "//button[text()='" + button + "']"));
    }

    /** Clicks the element once it is there, finding it again if the page redrew it meanwhile. */
    private static void click(By locator) {
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> {
            browser.driver.findElement(locator).click();
            return true;
        });
    }
}

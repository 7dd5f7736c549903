package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The admin dashboard at /mesh/admin/ in headless Chromium, as an admin uses it, with a fleet of 1,000 agents
 * registered first: logs in with the admin token (every resource of the page loads), watches figures change while
 * messages flow on charts whose axes read as clock times and sensible numbers, retries a dead outbox event, replays
 * a dead letter, registers an agent, finds it and allows a contact and revokes it, pages and searches the agents and
 * orders them by activity, lists tasks by state and opens one with its messages and artifacts. Screenshots of each
 * step are kept in {@code target/screenshots/}.
 */
@ExtendWith(MeshStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardIT {

    private static final int FLEET = 1000;
    private static final int PAGE_SIZE = 25;
    private static final Logger LOG = Logger.getLogger(DashboardIT.class.getName());

    private static Browser browser;
    private static String fleet;
    private final MeshClient mesh = MeshClient.forStack();

    @BeforeAll
    static void openTheDashboard() {
        fleet = registerFleet();
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

        await().atMost(Duration.ofSeconds(10))
                .until(() ->
                        element("dashboard").isDisplayed() && text("status").startsWith("Live"));
        assertFalse(element("login").isDisplayed());
        assertEquals(
                List.of(
                        "submitted",
                        "working",
                        "input-required",
                        "auth-required",
                        "completed",
                        "failed",
                        "canceled",
                        "rejected"),
                column("tasks", 0));
        assertTrue(
                (Boolean) browser.driver.executeScript(
                        "return sessionStorage.length === 1" + " && localStorage.length === 0"),
                "the token is kept in the tab's session only");
        await().atMost(Duration.ofSeconds(10)).until(() -> rows("agents").size() == PAGE_SIZE);
        // The charts have a few samples of an idle mesh: their axes read as times and plain numbers.
        await().atMost(Duration.ofSeconds(20))
                .until(() -> axisLabels("latency-chart", 0).size() >= 2);
        assertReadableAxes();
        browser.screenshot("dashboard-1-logged-in");
        // Only the wrong token's refusal (401) failed: the page's own files, its icon and its first reads all loaded.
        List<String> failed = browser.consoleMessages().stream()
                .filter(m -> m.contains("Failed to load resource"))
                .filter(m -> !m.contains("status of 401"))
                .toList();
        assertEquals(List.of(), failed);
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
        assertEquals(
                1,
                browser.driver
                        .findElements(By.cssSelector("#throughput-chart canvas"))
                        .size());
        assertEquals(
                1,
                browser.driver
                        .findElements(By.cssSelector("#latency-chart canvas"))
                        .size());
        assertEquals(12, column("lag", 0).size(), "a row for each of the topic's partitions");
        assertReadableAxes();
        browser.screenshot("dashboard-2-messages-flowing");
    }

    @Test
    @Order(3)
    void aDeadOutboxEventIsShownWithItsFaultAndRetryDeliversIt() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        assertEquals(
                204,
                mesh.put("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN)
                        .status());
        String messageId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "dies first"))
                .getString("messageId");

        await().atMost(Duration.ofSeconds(120)).until(() -> hasRow("dead-events", bob.id()));
        await().atMost(Duration.ofSeconds(10)).until(() -> column("faults", 0).contains("outbox-event-dead"));
        browser.screenshot("dashboard-3-dead-event");
        assertEquals(
                204,
                mesh.delete("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN)
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
        assertEquals(
                204,
                mesh.put("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN)
                        .status());
        mesh.send(alice, MeshClient.textMessage(poison, bob, null, "poison"));

        await().atMost(Duration.ofSeconds(90)).until(() -> hasRow("dead-letters", bob.id()));
        browser.screenshot("dashboard-4-dead-letter");
        assertEquals(
                204,
                mesh.delete("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN)
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
        search(carol);
        await().atMost(Duration.ofSeconds(10)).until(() -> column("agents", 0).equals(List.of(carol)));

        WebElement allow = element("allow");
        allow.findElement(By.name("a")).sendKeys(carol);
        allow.findElement(By.name("b")).sendKeys(bob.id());
        allow.findElement(By.tagName("button")).click();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> text("notice").equals(carol + " and " + bob.id() + " may talk."));
        browser.screenshot("dashboard-5-agent-registered");

        String sent = mesh.send(new Agent(carol, token), MeshClient.textMessage(null, bob, null, "hello from carol"))
                .getString("messageId");
        Delivery.awaitExactly(Map.of(bob.id(), List.of(sent)), Duration.ofSeconds(30));

        press("Contacts", "agents", carol);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> browser.driver.findElements(By.cssSelector("#agents ul.contacts li")).stream()
                        .anyMatch(li -> li.getText().startsWith(bob.id())));
        click(By.xpath("//ul[@class='contacts']/li[starts-with(., '" + bob.id() + "')]/button[text()='Revoke']"));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> text("notice").equals(carol + " and " + bob.id() + " may no longer talk."));
        ApiResponse refused = mesh.post("messages", token, MeshClient.textMessage(null, bob, null, "still there?"));
        assertEquals(403, refused.status(), refused::toString);
    }

    @Test
    @Order(6)
    void aThousandAgentsArePagedSearchedAndOrderedByActivity() {
        search("");
        select("agent-order", "id");
        await().atMost(Duration.ofSeconds(10))
                .until(() ->
                        text("agents-page").equals("Page 1") && rows("agents").size() == PAGE_SIZE);
        List<String> first = column("agents", 0);

        element("agents-next").click();
        await().atMost(Duration.ofSeconds(10)).until(() -> text("agents-page").equals("Page 2"));
        List<String> second = column("agents", 0);
        assertEquals(PAGE_SIZE, second.size());
        assertTrue(second.get(0).compareTo(first.get(PAGE_SIZE - 1)) > 0, first + " then " + second);
        element("agents-prev").click();
        await().atMost(Duration.ofSeconds(10)).until(() -> text("agents-page").equals("Page 1"));
        assertEquals(first, column("agents", 0));
        long height = (Long) browser.driver.executeScript("return document.documentElement.scrollHeight");
        LOG.info(() -> "The dashboard with " + FLEET + " agents is " + height + " pixels high");
        assertTrue(height < 3500, "the page is " + height + " pixels high");
        browser.screenshot("dashboard-6-agents-paged");

        search(fleet + "-0421");
        await().atMost(Duration.ofSeconds(10)).until(() -> column("agents", 0).equals(List.of(fleet + "-0421@it")));
        assertEquals("never", column("agents", 3).get(0));
        search(fleet);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> column("agents", 0).size() == PAGE_SIZE
                        && column("agents", 0).stream().allMatch(id -> id.startsWith(fleet)));
        browser.screenshot("dashboard-7-agents-searched");

        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        mesh.send(alice, MeshClient.textMessage(null, bob, null, "most recent"));
        search("");
        select("agent-order", "activity");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> rows("agents").size() == PAGE_SIZE
                        && Set.copyOf(column("agents", 0).subList(0, 2)).equals(Set.of(alice.id(), bob.id())));
        assertFalse(column("agents", 3).get(0).equals("never"));
        browser.screenshot("dashboard-8-agents-by-activity");
    }

    @Test
    @Order(7)
    void tasksAreListedByStateAndOneOpensWithItsMessagesAndArtifactsCut() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "long ".repeat(2000)))
                .getString("taskId");
        assertEquals(
                200,
                mesh.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"working\"}")
                        .status());
        assertEquals(
                201,
                mesh.post(
                                "tasks/" + taskId + "/artifacts",
                                bob.token(),
                                "{\"name\":\"review\",\"parts\":[{\"kind\":\"data\",\"data\":{\"approved\":true}}]}")
                        .status());

        press("working", "tasks", "working");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !rows("task-list").isEmpty()
                        && column("task-list", 0).get(0).equals(taskId));
        assertEquals(
                List.of(alice.id(), bob.id(), "working"),
                rows("task-list").get(0).subList(1, 4));
        press(taskId, "task-list", taskId);

        await().atMost(Duration.ofSeconds(10))
                .until(() -> rows("task-messages").size() == 1
                        && rows("task-artifacts").size() == 1);
        assertTrue(text("task-summary").startsWith(alice.id() + " → " + bob.id() + " · working"), text("task-summary"));
        assertEquals(List.of("1", alice.id()), rows("task-messages").get(0).subList(0, 2));
        String message = column("task-messages", 3).get(0);
        assertTrue(
                message.startsWith("long long") && message.endsWith("… (10000 characters)") && message.length() < 400,
                message);
        assertEquals(
                List.of("review", column("task-artifacts", 1).get(0), "{\"approved\":true}"),
                rows("task-artifacts").get(0));
        browser.driver.executeScript("document.getElementById('task-detail').scrollIntoView()");
        browser.screenshot("dashboard-9-task-opened");
    }

    // The fleet of agents the dashboard shows, registered 16 at a time: "fleet-<run>-0000@it" … "-0999@it".
    private static String registerFleet() {
        MeshClient admin = MeshClient.forStack();
        String prefix = "fleet-" + UUID.randomUUID().toString().substring(0, 6);
        long start = System.nanoTime();
        Semaphore places = new Semaphore(16);
        List<CompletableFuture<ApiResponse>> registered = new ArrayList<>();
        for (int i = 0; i < FLEET; i++) {
            places.acquireUninterruptibly();
            String body = String.format("{\"agentId\":\"%s-%04d@it\"}", prefix, i);
            registered.add(admin.postAsync("admin/agents", MeshStackExtension.ADMIN_TOKEN, body)
                    .whenComplete((response, failure) -> places.release()));
        }
        registered.forEach(future -> assertEquals(201, future.join().status()));
        LOG.info(() -> FLEET + " agents registered in "
                + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms");
        return prefix;
    }

    /** Both charts' axes: times of day at whole seconds along x, numbers that differ from each other along y. */
    private static void assertReadableAxes() {
        for (String chart : List.of("throughput-chart", "latency-chart")) {
            List<String> times = axisLabels(chart, 0);
            List<String> values = axisLabels(chart, 1);
            assertTrue(times.stream().allMatch(t -> t.matches("\\d{2}:\\d{2}:\\d{2}")), chart + ": " + times);
            assertEquals(times.size(), Set.copyOf(times).size(), chart + ": " + times);
            assertTrue(values.size() >= 2, chart + ": " + values);
            assertEquals(values.size(), Set.copyOf(values).size(), chart + ": " + values);
        }
    }

    /** The labels the chart's axis (0: x, 1: y) shows, as the page last drew them. */
    private static List<String> axisLabels(String chart, int axis) {
        String labels = (String) browser.driver.executeScript(
                "const u = document.querySelector('#' + arguments[0]"
                        + " + ' .uplot'); return u ? u.dataset['axis' + arguments[1]] || '' : ''",
                chart,
                axis);
        return labels.isEmpty() ? List.of() : List.of(labels.split(" \\| "));
    }

    private static void search(String text) {
        WebElement field = element("agent-search");
        field.clear();
        field.sendKeys(text);
        // clear() fires no input event: an emptied field is announced by hand.
        browser.driver.executeScript("arguments[0].dispatchEvent(new Event('input'))", field);
    }

    private static void select(String id, String value) {
        new Select(element(id)).selectByValue(value);
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
        return rows(tableId).stream()
                .filter(cells -> cells.size() > index)
                .map(cells -> cells.get(index))
                .toList();
    }

    private static boolean hasRow(String tableId, String text) {
        return rows(tableId).stream().anyMatch(cells -> cells.contains(text));
    }

    /** A table's body as the texts of its cells, read in one script: the page redraws its lists every few seconds. */
    @SuppressWarnings("unchecked")
    private static List<List<String>> rows(String tableId) {
        return (List<List<String>>) browser.driver.executeScript(
                "return [...document.querySelectorAll('#' +"
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

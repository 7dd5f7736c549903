package agentmesh.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Headless Chromium from the system (Debian's {@code chromium} and {@code chromium-driver}, which {@code ./mesh test}
 * installs), driven by Selenium through the given paths so that nothing is downloaded. The flags keep the browser
 * from reaching out (sync, updates, QUIC): on these machines only loopback is open.
 */
final class Browser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of(System.getProperty("browser.binary", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("browser.driver", "/usr/bin/chromedriver"));
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private final Path profile;
    final ChromeDriver driver;

    Browser() {
        try {
            profile = Files.createTempDirectory("mesh-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toFile())
                .addArguments(
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--disable-dev-shm-usage",
                        "--window-size=1400,2400",
                        "--user-data-dir=" + profile);
        // The console's messages, among them every resource the page failed to load ("Failed to load resource").
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /** The console's messages since the last call, as Chromium wrote them. */
    List<String> consoleMessages() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .toList();
    }

    /** Keeps what the page shows now as {@code target/screenshots/<name>.png}. */
    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind harms nothing
        }
    }
}

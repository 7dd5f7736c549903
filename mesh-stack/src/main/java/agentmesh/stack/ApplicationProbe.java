package agentmesh.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Waits until a server answers for the deployed mesh application, not merely for itself. */
final class ApplicationProbe {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ApplicationProbe() {
    }

    /** Waits until the application on the server answers its readiness check; fails early if the server exits. */
    static void await(MeshServer server, Duration timeout) {
        URI ready = server.managementUri().resolve("health/ready");
        Wait.until("the mesh application at " + ready + " (log: " + server.serverLog() + ")", timeout, () -> {
            if (server.pid().isEmpty()) {
                throw new StackException("The server exited; see " + server.serverLog());
            }
            return isUp(ready);
        });
    }

    private static boolean isUp(URI ready) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString());
            // Deployed once the mesh's own checks answer, ready or not: a server whose topic is misconfigured is
            // up and says so (503 naming the reason), and tests look at that.
            return (response.statusCode() == 200 || response.statusCode() == 503)
                    && response.body().contains("mesh-database");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

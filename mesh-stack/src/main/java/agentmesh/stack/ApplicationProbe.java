package agentmesh.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Waits until a server answers for the deployed mesh application, not merely for itself. */
final class ApplicationProbe {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ApplicationProbe() {}

    /**
     * Waits until the application on the server answers its readiness check and its API; fails early if the server
     * exits.
     */
    static void await(MeshServer server, Duration timeout) {
        URI ready = server.managementUri().resolve("health/ready");
        URI api = server.baseUri().resolve("me");
        Wait.until(
                "the mesh application at " + ready + " and " + api + " (log: " + server.serverLog() + ")",
                timeout,
                () -> {
                    if (server.pid().isEmpty()) {
                        throw new StackException("The server exited; see " + server.serverLog());
                    }
                    return isUp(ready, api);
                });
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static boolean isUp(URI ready, URI api) {
        try {
            HttpResponse<String> health = get(ready);
            // Deployed once the mesh's own checks answer, ready or not (a server whose topic is misconfigured is
            // up and says so, 503 naming the reason, and tests look at that), and once its API answers (401 without
            // a token): the checks, in a library of the application, answer while its web module is still starting.
            return (health.statusCode() == 200 || health.statusCode() == 503)
                    && health.body().contains("mesh-database")
                    && get(api).statusCode() == 401;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

package agentmesh.system;

import static org.awaitility.Awaitility.await;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Keycloak (the Quarkus distribution from Maven Central, unpacked by the pom's {@code oidc-tests} profile)
 * in dev mode on a free loopback port, with a realm imported at its start; stopped by SIGTERM. It runs on the JDK
 * at {@code KEYCLOAK_JAVA_HOME} (Keycloak 26 needs 21 or later).
 */
final class Keycloak implements AutoCloseable {

    private static final Duration START = Duration.ofMinutes(3);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Process process;
    private final int port;
    private final Path log;

    private Keycloak(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts Keycloak from nothing (its dev database removed) with this realm, and waits until the realm answers. */
    static Keycloak start(String realmJson, String realm) throws IOException {
        Path home = Path.of(System.getProperty("KEYCLOAK_HOME", "target/keycloak/keycloak"));
        if (!Files.isExecutable(home.resolve("bin/kc.sh"))) {
            throw new IllegalStateException(
                    "No Keycloak at " + home + ": run with -Dmesh.oidc=true (./mesh test oidc)");
        }
        Path data = home.resolve("data");
        if (Files.exists(data)) {
            try (Stream<Path> old = Files.walk(data)) {
                old.sorted(Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
        Files.createDirectories(data.resolve("import"));
        Files.writeString(data.resolve("import/" + realm + "-realm.json"), realmJson);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = home.resolve("keycloak.log");
        ProcessBuilder builder = new ProcessBuilder(
                        home.resolve("bin/kc.sh").toString(),
                        "start-dev",
                        "--http-host=127.0.0.1",
                        "--http-port=" + port,
                        "--hostname-strict=false",
                        "--import-realm")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment()
                .put("JAVA_HOME", System.getProperty("KEYCLOAK_JAVA_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"));
        builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", "admin");
        builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", "admin");
        Keycloak keycloak = new Keycloak(builder.start(), port, log);
        try {
            await().atMost(START)
                    .pollInterval(Duration.ofSeconds(1))
                    .ignoreExceptions()
                    .until(() -> {
                        if (!keycloak.process.isAlive()) {
                            throw new IllegalStateException("Keycloak ended; see " + log);
                        }
                        return keycloak.get(keycloak.issuer(realm) + "/.well-known/openid-configuration")
                                        .statusCode()
                                == 200;
                    });
        } catch (RuntimeException e) {
            keycloak.close();
            throw e;
        }
        return keycloak;
    }

    /** The realm's issuer as the mesh is told it (Keycloak names the host a request used). */
    String issuer(String realm) {
        return base("127.0.0.1") + "/realms/" + realm;
    }

    String base(String host) {
        return "http://" + host + ":" + port;
    }

    /** A client-credentials token of the client, asked for at that host (which becomes its {@code iss}). */
    String token(String host, String realm, String clientId, String secret) {
        HttpResponse<String> answer = post(
                base(host) + "/realms/" + realm + "/protocol/openid-connect/token",
                Map.of("grant_type", "client_credentials"),
                "Basic "
                        + Base64.getEncoder()
                                .encodeToString((clientId + ":" + secret).getBytes(StandardCharsets.UTF_8)));
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("token of " + clientId + ": " + answer.statusCode() + " " + answer.body());
        }
        return json(answer.body()).getString("access_token");
    }

    /**
     * Rotates the realm's signing keys as an operator does: a new RSA key provider of a higher priority, then the
     * old ones deleted. Returns the new key's id.
     */
    String rotateKeys(String realm) {
        String admin = "Bearer "
                + json(post(
                                        base("127.0.0.1") + "/realms/master/protocol/openid-connect/token",
                                        Map.of(
                                                "grant_type", "password",
                                                "client_id", "admin-cli",
                                                "username", "admin",
                                                "password", "admin"),
                                        null)
                                .body())
                        .getString("access_token");
        String components = base("127.0.0.1") + "/admin/realms/" + realm + "/components";
        JsonArray old = Json.createReader(new StringReader(
                        send(HttpRequest.newBuilder(URI.create(components + "?type=org.keycloak.keys.KeyProvider"))
                                        .header("Authorization", admin)
                                        .GET())
                                .body()))
                .readArray();
        String realmId = Json.createReader(new StringReader(
                        send(HttpRequest.newBuilder(URI.create(base("127.0.0.1") + "/admin/realms/" + realm))
                                        .header("Authorization", admin)
                                        .GET())
                                .body()))
                .readObject()
                .getString("id");
        String provider = Json.createObjectBuilder()
                .add("name", "rotated-rsa")
                .add("providerId", "rsa-generated")
                .add("providerType", "org.keycloak.keys.KeyProvider")
                .add("parentId", realmId)
                .add(
                        "config",
                        Json.createObjectBuilder()
                                .add("priority", Json.createArrayBuilder().add("500"))
                                .add("active", Json.createArrayBuilder().add("true"))
                                .add("enabled", Json.createArrayBuilder().add("true"))
                                .add("algorithm", Json.createArrayBuilder().add("RS256")))
                .build()
                .toString();
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(components))
                .header("Authorization", admin)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(provider)));
        if (created.statusCode() != 201) {
            throw new IllegalStateException("new key provider: " + created.statusCode() + " " + created.body());
        }
        old.getValuesAs(JsonObject.class).stream()
                .filter(component -> component.getString("providerId").equals("rsa-generated"))
                .forEach(component -> {
                    HttpResponse<String> deleted =
                            send(HttpRequest.newBuilder(URI.create(components + "/" + component.getString("id")))
                                    .header("Authorization", admin)
                                    .DELETE());
                    if (deleted.statusCode() != 204) {
                        throw new IllegalStateException("old key provider: " + deleted.statusCode());
                    }
                });
        return created.headers().firstValue("Location").orElse("");
    }

    private HttpResponse<String> post(String url, Map<String, String> form, String authorization) {
        StringBuilder body = new StringBuilder();
        form.forEach((name, value) -> body.append(body.length() == 0 ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request);
    }

    private HttpResponse<String> get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    Path log() {
        return log;
    }

    /** SIGTERM (the script passes it on to Keycloak, which shuts down), then SIGKILL of what is left after 30 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code docs/API.md} and the server's {@code /openapi} name the same routes, so that neither can drift from the
 * other: every operation the server has is documented, and every route the document gives exists.
 *
 * <p>A route in the document is written {@code `METHOD /path`} (under {@code /api/v1}, which may be left out);
 * path parameters match whatever their names, a query is not part of the route. Not API routes, and so left out:
 * what the mesh serves outside {@code /api/v1} by servlets of its own (the A2A bindings {@code /mesh/a2a/…}, the
 * metrics {@code /mesh/metrics}), the origins ({@code …/} relative to an agent's address, {@code /.well-known/…},
 * {@code POST /}), and the test-only faults ({@code /admin/test-faults}, 404 where they are
 * not enabled).
 */
@ExtendWith(MeshStackExtension.class)
class ApiDocumentIT {

    private static final Pattern DOCUMENTED = Pattern.compile("`(GET|POST|PUT|DELETE|PATCH) ([^`\\s?]+)[^`]*`");
    private static final Path API_MD = Path.of("..", "docs", "API.md");
    private static final String TEST_ONLY = "/admin/test-faults";

    private final MeshClient root =
            new MeshClient(MeshStackExtension.stack().config().baseUri().resolve("/"));

    @Test
    void apiMdAndOpenApiNameTheSameRoutes() throws IOException {
        Set<String> served = served();
        Set<String> documented = documented();

        Set<String> undocumented = new TreeSet<>(served);
        undocumented.removeAll(documented);
        Set<String> missing = new TreeSet<>(documented);
        missing.removeAll(served);
        assertEquals(Set.of(), undocumented, "served by the server (/openapi) but not in docs/API.md");
        assertEquals(Set.of(), missing, "in docs/API.md but not served by the server (/openapi)");
    }

    private Set<String> served() {
        JsonObject paths = root.get("openapi?format=JSON", null).json().getJsonObject("paths");
        Set<String> routes = new TreeSet<>();
        paths.forEach((path, operations) -> {
            String route = normalized(path);
            if (!route.startsWith(TEST_ONLY)) {
                operations.asJsonObject().keySet().stream()
                        .filter(method ->
                                Set.of("get", "post", "put", "delete", "patch").contains(method))
                        .forEach(method -> routes.add(method.toUpperCase() + " " + route));
            }
        });
        return routes;
    }

    private static Set<String> documented() throws IOException {
        Set<String> routes = new TreeSet<>();
        Matcher route = DOCUMENTED.matcher(Files.readString(API_MD));
        while (route.find()) {
            String path = route.group(2);
            boolean outsideTheApi = path.startsWith("/mesh/") && !path.startsWith("/mesh/api/v1");
            if (path.startsWith("…") || outsideTheApi || path.startsWith("/.well-known/") || path.equals("/")) {
                continue;
            }
            routes.add(route.group(1) + " " + normalized(path));
        }
        return routes;
    }

    // The path under /api/v1 (with or without the context root), its parameters unnamed.
    private static String normalized(String path) {
        int api = path.indexOf("/api/v1");
        String under = api < 0 ? path : path.substring(api + "/api/v1".length());
        return under.replaceAll("\\{[^}]*}", "{}");
    }
}

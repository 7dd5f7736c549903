package agentmesh.web.security.oidc;

import java.util.Map;

/**
 * Where a claim is, as configured: a claim's own name, or — when no top-level claim has that name — a path of names
 * through nested objects, dots between them ({@code realm_access.roles}, {@code mesh.agent}). A name of the token's
 * own that contains dots (a URI-named claim such as {@code https://example.com/agent.id}) is found as itself first.
 */
final class ClaimPath {

    private ClaimPath() {}

    /** The value at the path, or null if the token has none there. */
    static Object at(Map<String, Object> claims, String path) {
        Object exact = claims.get(path);
        if (exact != null) {
            return exact;
        }
        Object node = claims;
        for (String name : path.split("\\.", -1)) {
            node = node instanceof Map<?, ?> map ? map.get(name) : null;
        }
        return node;
    }
}

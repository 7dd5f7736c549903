package agentmesh.a2a.relay.control;

import agentmesh.json.MeshJson;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * What the mesh takes from a remote agent's card: its name, and the JSON-RPC interface to call — A2A 1.0's when
 * the card declares one in {@code supportedInterfaces}, else 0.3's ({@code supportedInterfaces} with version 0.3, or
 * the 0.3 card's {@code url} with its {@code preferredTransport}, or one of its {@code additionalInterfaces}) — and
 * whether it streams ({@code capabilities.streaming}).
 */
record RemoteCard(String name, String endpoint, String protocolVersion, boolean streaming) {

    /** The card's JSON-RPC interface, or why there is none the mesh can call. */
    static RemoteCard of(JsonObject card) {
        if (!(card.get("name") instanceof JsonString name) || name.getString().isBlank()) {
            throw new IllegalArgumentException("the card has no name");
        }
        boolean streaming = card.get("capabilities") instanceof JsonObject capabilities
                && capabilities.getBoolean("streaming", false);
        List<JsonObject> interfaces = MeshJson.objects(card.get("supportedInterfaces"));
        for (String version : List.of("1.", "0.3")) {
            Optional<String> url = interfaces.stream()
                    .filter(i -> "JSONRPC".equals(i.getString("protocolBinding", null)))
                    .filter(i -> i.getString("protocolVersion", null) != null
                            && i.getString("protocolVersion", null).startsWith(version))
                    .map(i -> i.getString("url", null))
                    .filter(RemoteCard::isHttp)
                    .findFirst();
            if (url.isPresent()) {
                return new RemoteCard(name.getString(), url.get(), version.equals("1.") ? "1.0" : "0.3", streaming);
            }
        }
        String preferred = card.getString("preferredTransport", null);
        if (isHttp(card.getString("url", null)) && (preferred == null || preferred.equals("JSONRPC"))) {
            return new RemoteCard(name.getString(), card.getString("url", null), "0.3", streaming);
        }
        return MeshJson.objects(card.get("additionalInterfaces")).stream()
                .filter(i -> "JSONRPC".equals(i.getString("transport", null)))
                .map(i -> i.getString("url", null))
                .filter(RemoteCard::isHttp)
                .findFirst()
                .map(url -> new RemoteCard(name.getString(), url, "0.3", streaming))
                .orElseThrow(() -> new IllegalArgumentException(
                        "the card declares no JSON-RPC interface over HTTP" + " (A2A 1.0 or 0.3)"));
    }

    private static boolean isHttp(String url) {
        if (url == null) {
            return false;
        }
        try {
            URI uri = URI.create(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}

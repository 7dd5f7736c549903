package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.json.MeshJson;
import agentmesh.web.MeshVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Optional;

/**
 * The agent card of a mesh agent: its display name, and the description and skills an admin set
 * ({@code PUT /admin/agents/{id}/card}), or general ones. JSON-RPC is served at the agent's address itself, the
 * HTTP+JSON binding below it ({@code …/message:send}); the address is its path in the mesh or an origin of its own
 * ({@code https://bob.agents.example.com}, {@link AgentAddresses}).
 *
 * <p>The two versions' cards cannot be one document: a 1.0 security scheme is a oneof with exactly one member
 * ({@code {"httpAuthSecurityScheme":{…}}}), a 0.3 one is told by its {@code type}, and each version's clients
 * refuse the other's. So the card has a view per version ({@link View}): {@code A2A-Version: 1.0} reads the 1.0
 * card alone, valid against 1.0's JSON mapping with no field it does not define (strict ProtoJSON readers refuse
 * unknown fields); {@code A2A-Version: 0.3} reads the card of the 0.3 schema. A request that names no version is a
 * 0.3 client's by the specification (3.6.2), but 1.0 clients that skip the header on the card exist too: it reads
 * the 1.0 card with the 0.3 fields beside it ({@code url}, {@code preferredTransport}, {@code protocolVersion},
 * {@code additionalInterfaces}), which lenient readers of either version use, as the reference SDK's cards do —
 * or, where {@code mesh.a2a.unversioned-card} is {@code 1.0}, the 1.0 card alone. The versions in it come from the
 * build ({@link MeshVersion}) and from {@link A2aVersion}.
 */
final class AgentCards {

    private static final String SCHEME = "meshBearer";
    private static final String SCHEME_DESCRIPTION = "The calling agent's own mesh token";
    private static final String OIDC_SCHEME = "oidc";
    private static final String OIDC_DESCRIPTION =
            "A JWT of the mesh's identity provider (client credentials) naming the calling agent";
    private static final String JSONRPC = "JSONRPC";

    private AgentCards() {}

    /** Which card a request reads. */
    enum View {
        V1_0,
        V0_3,
        V1_0_WITH_0_3_FIELDS;

        /** The view of a request that names {@code version}, or none (null); unsupported ones read the 1.0 card. */
        static View of(A2aVersion version, View unversioned) {
            return version == null ? unversioned : version == A2aVersion.V0_3 ? V0_3 : V1_0;
        }

        /** The value of {@code mesh.a2a.unversioned-card}: {@code combined} or {@code 1.0}. */
        static View unversioned(String setting) {
            return switch (setting.trim()) {
                case "combined" -> V1_0_WITH_0_3_FIELDS;
                case "1.0" -> V1_0;
                default ->
                    throw new IllegalArgumentException(
                            "mesh.a2a.unversioned-card is combined or 1.0, not '" + setting + "'");
            };
        }
    }

    /** The card as a client of the view sees it, when the mesh accepts only its own tokens. */
    static JsonObject card(AgentDescription agent, String address, View view) {
        return card(agent, address, view, Optional.empty());
    }

    /**
     * The card as a client of the view sees it; with an OIDC provider's discovery document, the provider's JWTs are
     * a second scheme beside the mesh's tokens (either one will do).
     */
    static JsonObject card(AgentDescription agent, String address, View view, Optional<String> openIdConnectUrl) {
        JsonObjectBuilder card = common(agent, address);
        if (view == View.V0_3) {
            JsonObjectBuilder schemes = MeshJson.object()
                    .add(
                            SCHEME,
                            MeshJson.object()
                                    .add("type", "http")
                                    .add("scheme", "bearer")
                                    .add("description", SCHEME_DESCRIPTION));
            JsonArrayBuilder security = MeshJson.array().add(MeshJson.object().add(SCHEME, MeshJson.array()));
            openIdConnectUrl.ifPresent(url -> {
                schemes.add(
                        OIDC_SCHEME,
                        MeshJson.object()
                                .add("type", "openIdConnect")
                                .add("openIdConnectUrl", url)
                                .add("description", OIDC_DESCRIPTION));
                security.add(MeshJson.object().add(OIDC_SCHEME, MeshJson.array()));
            });
            return card.add(
                            "capabilities",
                            MeshJson.object().add("streaming", true).add("pushNotifications", true))
                    .add("supportsAuthenticatedExtendedCard", false)
                    .add("securitySchemes", schemes)
                    .add("security", security)
                    .addAll(only03(address))
                    .build();
        }
        JsonObjectBuilder schemes = MeshJson.object()
                .add(
                        SCHEME,
                        MeshJson.object()
                                .add(
                                        "httpAuthSecurityScheme",
                                        MeshJson.object()
                                                .add("scheme", "bearer")
                                                .add("description", SCHEME_DESCRIPTION)));
        JsonArrayBuilder requirements = MeshJson.array().add(requirement(SCHEME));
        openIdConnectUrl.ifPresent(url -> {
            schemes.add(
                    OIDC_SCHEME,
                    MeshJson.object()
                            .add(
                                    "openIdConnectSecurityScheme",
                                    MeshJson.object()
                                            .add("openIdConnectUrl", url)
                                            .add("description", OIDC_DESCRIPTION)));
            requirements.add(requirement(OIDC_SCHEME));
        });
        card.add(
                        "capabilities",
                        MeshJson.object()
                                .add("streaming", true)
                                .add("pushNotifications", true)
                                .add("extendedAgentCard", false))
                .add(
                        "supportedInterfaces",
                        MeshJson.array()
                                .add(anInterface(address, JSONRPC, A2aVersion.V1_0))
                                .add(anInterface(address, "HTTP+JSON", A2aVersion.V1_0))
                                .add(anInterface(address, JSONRPC, A2aVersion.V0_3)))
                .add("securitySchemes", schemes)
                .add("securityRequirements", requirements);
        return (view == View.V1_0_WITH_0_3_FIELDS ? card.addAll(only03(address)) : card).build();
    }

    // A 1.0 security requirement of one scheme, with no scopes.
    private static JsonObjectBuilder requirement(String scheme) {
        return MeshJson.object()
                .add("schemes", MeshJson.object().add(scheme, MeshJson.object().add("list", MeshJson.array())));
    }

    // What both versions' cards say alike.
    private static JsonObjectBuilder common(AgentDescription agent, String address) {
        String name = agent.displayName() == null ? agent.agentId() : agent.displayName();
        String description = agent.description() != null
                ? agent.description()
                : "Agent " + agent.agentId()
                        + " on Agent Mesh. Messages to it are accepted durably and delivered exactly once, in order; its"
                        + " answers come as task updates.";
        JsonArray skills = !agent.skills().isEmpty()
                ? agent.skills()
                : MeshJson.array()
                        .add(MeshJson.object()
                                .add("id", "messages")
                                .add("name", "Messages")
                                .add("description", "Talk to " + name + " in tasks: send a message, follow the task")
                                .add("tags", MeshJson.array().add("agent-mesh")))
                        .build();
        JsonArray modes =
                MeshJson.array().add("text/plain").add("application/json").build();
        return MeshJson.object()
                .add("name", name)
                .add("description", description)
                .add(
                        "provider",
                        MeshJson.object().add("organization", "Agent Mesh").add("url", meshUrl(address)))
                .add("version", MeshVersion.current())
                .add("defaultInputModes", modes)
                .add("defaultOutputModes", modes)
                .add("skills", skills);
    }

    // The mesh that serves the agent: the base below the agent's path, or the origin an agent has of its own.
    private static String meshUrl(String address) {
        int path = address.lastIndexOf("/a2a/");
        return path < 0 ? address : address.substring(0, path);
    }

    // The 0.3 card's own fields: one JSON-RPC interface, 0.3's, at the agent's address. A 0.3 card names the
    // release (0.3.0), where 1.0 names Major.Minor only.
    private static JsonObjectBuilder only03(String address) {
        return MeshJson.object()
                .add("url", address)
                .add("preferredTransport", JSONRPC)
                .add("protocolVersion", A2aVersion.V0_3.wireName() + ".0")
                .add(
                        "additionalInterfaces",
                        MeshJson.array()
                                .add(MeshJson.object().add("url", address).add("transport", JSONRPC)));
    }

    private static JsonObject anInterface(String url, String binding, A2aVersion version) {
        return MeshJson.object()
                .add("url", url)
                .add("protocolBinding", binding)
                .add("protocolVersion", version.wireName())
                .build();
    }
}

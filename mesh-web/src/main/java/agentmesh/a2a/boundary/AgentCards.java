package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.platform.MeshJson;
import agentmesh.web.MeshVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The agent card of a mesh agent: its display name, and the description and skills an admin set
 * ({@code PUT /admin/agents/{id}/card}), or general ones. JSON-RPC is served at the agent's address itself, the
 * HTTP+JSON binding below it ({@code …/message:send}); the address is its path in the mesh or an origin of its own
 * ({@code https://bob.agents.example.com}, {@link AgentAddresses}).
 *
 * <p>The two versions' cards cannot be one document: a 1.0 security scheme is a oneof with exactly one member
 * ({@code {"httpAuthSecurityScheme":{…}}}), a 0.3 one is told by its {@code type}, and each version's clients
 * refuse the other's. So the card has a view per version. The 1.0 card is the default, for a request that names no
 * version (clients read a card before they negotiate, and 1.0's own SDK names none): it is valid against 1.0's JSON
 * mapping, and carries beside it the 0.3 fields that 1.0 does not define ({@code url}, {@code preferredTransport},
 * {@code protocolVersion}, {@code additionalInterfaces}), which 1.0 readers ignore and lenient 0.3 readers use, as
 * the reference SDK's cards do. {@code A2A-Version: 0.3} (header or query parameter) asks for the card of the 0.3
 * schema. The versions in it come from the build ({@link MeshVersion}) and from {@link A2aVersion}.
 */
final class AgentCards {

    private static final String SCHEME = "meshBearer";
    private static final String SCHEME_DESCRIPTION = "The calling agent's own mesh token";
    private static final String JSONRPC = "JSONRPC";

    private AgentCards() {
    }

    /** The card as a client of the version sees it. */
    static JsonObject card(AgentDescription agent, String address, A2aVersion version) {
        JsonObjectBuilder card = common(agent, address);
        if (version == A2aVersion.V0_3) {
            return card.add("capabilities", MeshJson.object().add("streaming", true).add("pushNotifications", true))
                    .add("supportsAuthenticatedExtendedCard", false)
                    .add("securitySchemes", MeshJson.object().add(SCHEME, MeshJson.object().add("type", "http")
                            .add("scheme", "bearer").add("description", SCHEME_DESCRIPTION)))
                    .add("security", MeshJson.array().add(MeshJson.object().add(SCHEME, MeshJson.array())))
                    .addAll(only03(address))
                    .build();
        }
        return card.add("capabilities", MeshJson.object().add("streaming", true).add("pushNotifications", true)
                        .add("extendedAgentCard", false))
                .add("supportedInterfaces", MeshJson.array()
                        .add(anInterface(address, JSONRPC, A2aVersion.V1_0))
                        .add(anInterface(address, "HTTP+JSON", A2aVersion.V1_0))
                        .add(anInterface(address, JSONRPC, A2aVersion.V0_3)))
                .add("securitySchemes", MeshJson.object().add(SCHEME, MeshJson.object()
                        .add("httpAuthSecurityScheme", MeshJson.object().add("scheme", "bearer")
                                .add("description", SCHEME_DESCRIPTION))))
                .add("securityRequirements", MeshJson.array().add(MeshJson.object().add("schemes",
                        MeshJson.object().add(SCHEME, MeshJson.object().add("list", MeshJson.array())))))
                .addAll(only03(address))
                .build();
    }

    // What both versions' cards say alike.
    private static JsonObjectBuilder common(AgentDescription agent, String address) {
        String name = agent.displayName() == null ? agent.agentId() : agent.displayName();
        String description = agent.description() != null ? agent.description() : "Agent " + agent.agentId()
                + " on Agent Mesh. Messages to it are accepted durably and delivered exactly once, in order; its"
                + " answers come as task updates.";
        JsonArray skills = !agent.skills().isEmpty() ? agent.skills() : MeshJson.array().add(MeshJson.object()
                .add("id", "messages").add("name", "Messages")
                .add("description", "Talk to " + name + " in tasks: send a message, follow the task")
                .add("tags", MeshJson.array().add("agent-mesh"))).build();
        JsonArray modes = MeshJson.array().add("text/plain").add("application/json").build();
        return MeshJson.object()
                .add("name", name)
                .add("description", description)
                .add("provider", MeshJson.object().add("organization", "Agent Mesh").add("url", meshUrl(address)))
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
                .add("additionalInterfaces", MeshJson.array()
                        .add(MeshJson.object().add("url", address).add("transport", JSONRPC)));
    }

    private static JsonObject anInterface(String url, String binding, A2aVersion version) {
        return MeshJson.object().add("url", url).add("protocolBinding", binding)
                .add("protocolVersion", version.wireName()).build();
    }
}

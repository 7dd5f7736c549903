package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.platform.MeshJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;

/**
 * The agent card of a mesh agent: its display name, and the description and skills an admin set
 * ({@code PUT /admin/agents/{id}/card}), or general ones. One document serves both versions: the 1.0 fields
 * ({@code supportedInterfaces}, {@code securitySchemes} as ProtoJSON's oneof, {@code securityRequirements}) and
 * beside them the 0.3 ones that its clients require ({@code url}, {@code preferredTransport}, {@code protocolVersion},
 * {@code additionalInterfaces}, {@code security}, and the scheme's {@code type}/{@code scheme}); each version's
 * readers skip the other's fields.
 * JSON-RPC is served at the agent's address itself, the HTTP+JSON binding below it ({@code …/message:send}).
 */
final class AgentCards {

    static final String VERSION = "0.11.0";
    private static final String SCHEME = "meshBearer";

    private AgentCards() {
    }

    static JsonObject card(AgentDescription agent, String address) {
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
                .add("supportedInterfaces", MeshJson.array()
                        .add(anInterface(address, "JSONRPC", "1.0"))
                        .add(anInterface(address, "HTTP+JSON", "1.0"))
                        .add(anInterface(address, "JSONRPC", "0.3")))
                .add("provider", MeshJson.object().add("organization", "Agent Mesh")
                        .add("url", address.substring(0, address.indexOf("/a2a/"))))
                .add("version", VERSION)
                .add("capabilities", MeshJson.object().add("streaming", true).add("pushNotifications", false)
                        .add("extendedAgentCard", false))
                .add("securitySchemes", MeshJson.object().add(SCHEME, MeshJson.object()
                        .add("httpAuthSecurityScheme", MeshJson.object().add("scheme", "bearer")
                                .add("description", "The calling agent's own mesh token"))
                        .add("type", "http").add("scheme", "bearer")
                        .add("description", "The calling agent's own mesh token")))
                .add("securityRequirements", MeshJson.array().add(MeshJson.object().add("schemes",
                        MeshJson.object().add(SCHEME, MeshJson.object().add("list", MeshJson.array())))))
                .add("security", MeshJson.array().add(MeshJson.object().add(SCHEME, MeshJson.array())))
                .add("defaultInputModes", modes)
                .add("defaultOutputModes", modes)
                .add("skills", skills)
                // A2A 0.3
                .add("url", address)
                .add("preferredTransport", "JSONRPC")
                .add("protocolVersion", "0.3.0")
                .add("additionalInterfaces", MeshJson.array()
                        .add(MeshJson.object().add("url", address).add("transport", "JSONRPC")))
                .build();
    }

    private static JsonObject anInterface(String url, String binding, String version) {
        return MeshJson.object().add("url", url).add("protocolBinding", binding).add("protocolVersion", version)
                .build();
    }
}

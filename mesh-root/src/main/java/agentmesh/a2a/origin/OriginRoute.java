package agentmesh.a2a.origin;

/** What the root module does with a request: forward it to an agent, refuse it as no agent's path, or pass it on. */
sealed interface OriginRoute {

    /**
     * To the agent's A2A address in the mesh, {@code target} relative to the mesh's context ({@code /a2a/bob/…}).
     * {@code servedAt} says which origin the agent is served at, for the URLs of its card.
     */
    record ToAgent(String agent, String target, ServedAt servedAt) implements OriginRoute {}

    /** At an agent's host, a path that no A2A route can be (a dot segment, an escaped or unusual character). */
    record NotAnAgentPath() implements OriginRoute {}

    /** Not the mesh's: the server's own (health, metrics, OpenAPI) or nothing. */
    record PassOn() implements OriginRoute {}

    /**
     * The origin an agent is served at, as the request attribute {@link #ATTRIBUTE} tells the A2A facade. The facade
     * (mesh-a2a's {@code AgentAddresses}) reads the same names: the two modules share no classes.
     */
    enum ServedAt {
        /** The agent's own host name, from {@code mesh.a2a.host-pattern}. */
        AGENT_HOST("agent-host"),
        /** The server's root, for {@code mesh.a2a.default-agent}. */
        SERVER_ROOT("server-root");

        static final String ATTRIBUTE = "agentmesh.a2a.origin";

        private final String value;

        ServedAt(String value) {
            this.value = value;
        }

        String value() {
            return value;
        }
    }
}

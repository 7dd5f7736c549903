package agentmesh.system;

import io.a2a.client.http.A2ACardResolver;
import io.a2a.client.http.JdkA2AHttpClient;
import io.a2a.spec.AgentCard;
import java.net.URI;
import java.util.Map;

/**
 * Agent cards for the 1.0 SDK's client, read by the SDK's own resolver ({@link A2ACardResolver}, unmodified). A2A 1.0
 * asks a client to name its version on every request (3.6.1), the card's included; a request that names none is a
 * 0.3 client's (3.6.2), and the mesh answers it with the 1.0 card and the 0.3 fields beside it, which the Alpha
 * SDK's strict parser refuses. Its resolver does not name the version by itself, so the tests hand it the header
 * through its own headers argument; what it does without is asserted on its own
 * ({@code A2aJavaSdk10IT#withoutNamingItsVersionTheResolverGetsTheUnversionedCardAndRefusesIt}).
 */
final class Sdk10Cards {

    static final Map<String, String> VERSION_1_0 = Map.of("A2A-Version", "1.0");

    private Sdk10Cards() {}

    /**
     * The SDK's resolver at an origin, naming the headers given: the well-known path there, or the card path given
     * (an agent's path in the mesh; the resolver resolves it against the origin).
     */
    static A2ACardResolver resolver(URI origin, String cardPath, Map<String, String> headers) throws Exception {
        return new A2ACardResolver(new JdkA2AHttpClient(), origin.toString(), null, cardPath, headers);
    }

    /** The card as a 1.0 client reads it with the SDK: asking in 1.0. */
    static AgentCard read(URI origin, String cardPath) throws Exception {
        return resolver(origin, cardPath, VERSION_1_0).getAgentCard();
    }
}

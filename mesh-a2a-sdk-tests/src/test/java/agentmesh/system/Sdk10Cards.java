package agentmesh.system;

import com.google.protobuf.util.JsonFormat;
import io.a2a.client.http.A2ACardResolver;
import io.a2a.client.http.JdkA2AHttpClient;
import io.a2a.grpc.utils.ProtoUtils;
import io.a2a.spec.AgentCard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Agent cards for the 1.0 SDK's client. The SDK's own resolver ({@link A2ACardResolver}) parses the card with a
 * strict ProtoJSON parser that refuses any field its {@code a2a.proto} does not define; the mesh's 1.0 card carries,
 * beside the 1.0 fields, the 0.3 ones that 1.0 does not define ({@code url}, {@code preferredTransport},
 * {@code protocolVersion}, {@code additionalInterfaces}), and A2A 1.0 says "Implementations SHOULD ignore
 * unrecognized fields in messages" (5.7). So the tests read the card as the specification asks a reader to: with
 * the SDK's own proto and its own mapping to {@link AgentCard}, unrecognized fields ignored. What the resolver does
 * with the card is asserted on its own ({@code A2aJavaSdk10IT#theSdksResolverRefusesTheCardsUnrecognizedFields}).
 */
final class Sdk10Cards {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Sdk10Cards() {
    }

    /**
     * The SDK's resolver, unmodified, at an origin: the well-known path there, or the card path given (an agent's
     * path in the mesh; the resolver resolves it against the origin).
     */
    static A2ACardResolver resolver(URI origin, String cardPath) throws Exception {
        return new A2ACardResolver(new JdkA2AHttpClient(), origin.toString(), null, cardPath);
    }

    /** The card at the URL, mapped by the SDK, ignoring the fields its proto does not know. */
    static AgentCard read(URI cardUrl) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(cardUrl).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("card at " + cardUrl + ": " + answer.statusCode() + " " + answer.body());
        }
        io.a2a.grpc.AgentCard.Builder card = io.a2a.grpc.AgentCard.newBuilder();
        JsonFormat.parser().ignoringUnknownFields().merge(answer.body(), card);
        return ProtoUtils.FromProto.agentCard(card);
    }
}

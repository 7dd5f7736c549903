package agentmesh.system;

import io.a2a.client.Client;
import io.a2a.client.ClientEvent;
import io.a2a.client.config.ClientConfig;
import io.a2a.client.transport.spi.interceptors.auth.AuthInterceptor;
import io.a2a.spec.AgentCard;
import io.a2a.spec.Message;
import io.a2a.spec.TextPart;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The 1.0 SDK's client as an application builds it: from the agent's card, on one binding, authenticated by the
 * SDK's own {@link AuthInterceptor}, which finds the card's bearer scheme and its requirement and sends the caller's
 * mesh token for it. What the client hears is kept in order, stream errors apart.
 */
final class Sdk10Client {

    private static final String MESH_SCHEME = "meshBearer";

    final Client client;
    final List<ClientEvent> events = new CopyOnWriteArrayList<>();
    final List<Throwable> streamErrors = new CopyOnWriteArrayList<>();

    private Sdk10Client(AgentCard card, Sdk10Transport transport, String token, ClientConfig config) throws Exception {
        AuthInterceptor auth = new AuthInterceptor((scheme, context) -> MESH_SCHEME.equals(scheme) ? token : null);
        this.client = transport
                .configure(Client.builder(card), auth)
                .clientConfig(config)
                .addConsumer((event, agentCard) -> events.add(event))
                .streamingErrorHandler(streamErrors::add)
                .build();
    }

    /** A client whose sends wait for the answer (SendMessage). */
    static Sdk10Client blocking(AgentCard card, Sdk10Transport transport, String token) throws Exception {
        return new Sdk10Client(
                card,
                transport,
                token,
                ClientConfig.builder().setStreaming(false).build());
    }

    /** A client whose sends the SDK marks as not to wait (its {@code polling}). */
    static Sdk10Client nonBlocking(AgentCard card, Sdk10Transport transport, String token) throws Exception {
        return new Sdk10Client(
                card,
                transport,
                token,
                ClientConfig.builder().setStreaming(false).setPolling(true).build());
    }

    /** A client that streams its sends (SendStreamingMessage) and may subscribe to tasks. */
    static Sdk10Client streaming(AgentCard card, Sdk10Transport transport, String token) throws Exception {
        return new Sdk10Client(
                card,
                transport,
                token,
                ClientConfig.builder().setStreaming(true).build());
    }

    static Message userMessage(String messageId, String text) {
        return Message.builder()
                .role(Message.Role.ROLE_USER)
                .messageId(messageId)
                .parts(new TextPart(text))
                .build();
    }

    static String text(Message message) {
        return ((TextPart) message.parts().get(0)).text();
    }
}

package agentmesh.a2a.relay.control;

import agentmesh.problem.InvalidRequestException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * What an admin does with a remote agent: attach a mesh agent to an A2A server by its card (fetched within
 * {@link RemoteLimits}, its URL and endpoint allowed by the {@link UrlPolicy}, a bearer token only for the card's own
 * origin), see where its relay stands, detach it, and list and replay its dead letters.
 */
@ApplicationScoped
public class RemoteAgentAdmin {

    @Inject
    RemoteAgents agents;

    @Inject
    RemoteRelay relay;

    @Inject
    RemoteSettings settings;

    @Inject
    OutboundDeadLetters outbound;

    /**
     * Attaches the agent (known to exist) to the server of the card: its view; an {@link InvalidRequestException}
     * when the card cannot be had or is not allowed.
     */
    public RemoteAgents.View attach(String agentId, String cardUrl, String secret) {
        RemoteCard card = fetch(cardUrl, secret);
        if (settings.urlPolicy().check(card.endpoint()) instanceof UrlPolicy.Forbidden forbidden) {
            throw new InvalidRequestException(
                    "cardUrl", "the card's endpoint " + card.endpoint() + " " + forbidden.why());
        }
        if (secret != null && !UrlPolicy.sameOrigin(cardUrl, card.endpoint())) {
            throw new InvalidRequestException("cardUrl", A2aCalls.offOrigin(card.endpoint(), cardUrl));
        }
        agents.attach(agentId, cardUrl, card, secret);
        relay.known(agentId);
        return agents.view(agentId).orElseThrow();
    }

    public Optional<RemoteAgents.View> view(String agentId) {
        return agents.view(agentId);
    }

    /** False when the agent is no remote agent. */
    public boolean detach(String agentId) {
        return agents.detach(agentId);
    }

    /** The events its server would not take: list, count, replay. */
    public RelayDeadLetters deadLetters() {
        return new RelayDeadLetters(
                outbound,
                OutboundDeadLetters.REMOTE,
                letter -> agents.target(letter.agentId())
                        .map(target -> event -> relay.deliver(target, event, OutboundDeadLetters.REPLAY_ATTEMPT)),
                letter -> letter.agentId() + " is no remote agent");
    }

    private RemoteCard fetch(String cardUrl, String secret) {
        A2aCalls.Reply reply = settings.calls().card(cardUrl, secret);
        if (reply instanceof A2aCalls.Result card) {
            try {
                return RemoteCard.of(card.result());
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("cardUrl", e.getMessage());
            }
        }
        throw new InvalidRequestException(
                "cardUrl",
                reply instanceof A2aCalls.NotAllowed notAllowed
                        ? notAllowed.why()
                        : reply instanceof A2aCalls.Refused refused
                                ? refused.why()
                                : ((A2aCalls.Unreachable) reply).why());
    }
}

package agentmesh.a2a.relay.control;

import agentmesh.a2a.relay.entity.DeadLetter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What an admin sees of an agent's push notification configs (as an A2A client) — where each stands, never its
 * secrets — and the updates its webhooks would not take, with replay: the same contract as a remote agent's dead
 * letters ({@link RemoteAgentAdmin}).
 */
@ApplicationScoped
public class PushAdmin {

    @Inject
    PushConfigs configs;

    @Inject
    PushRelay relay;

    @Inject
    OutboundDeadLetters outbound;

    public List<PushConfigs.View> configs(String agentId) {
        return configs.views(agentId);
    }

    /** The updates its webhooks would not take: list, count, replay. */
    public RelayDeadLetters deadLetters() {
        return new RelayDeadLetters(
                outbound,
                OutboundDeadLetters.PUSH,
                this::target,
                letter -> "the push config " + letter.targetKey() + " is gone");
    }

    private Optional<Function<JsonObject, A2aCalls.Reply>> target(DeadLetter letter) {
        String[] taskAndConfig = letter.targetKey().split("/", 2);
        return configs.target(letter.agentId(), taskAndConfig[0], taskAndConfig[1])
                .map(target -> event -> relay.deliver(target, event, OutboundDeadLetters.REPLAY_ATTEMPT));
    }
}

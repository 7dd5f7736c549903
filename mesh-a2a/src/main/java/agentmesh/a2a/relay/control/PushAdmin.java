package agentmesh.a2a.relay.control;

import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import agentmesh.a2a.relay.entity.DeadLetter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Optional;

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
    OutboundDeadLetters deadLetters;

    public List<PushConfigs.View> configs(String agentId) {
        return configs.views(agentId);
    }

    /** The agent's dead letters after {@code cursor}, oldest first. */
    public DeadLetterPage<DeadLetter> deadLetters(String agentId, long cursor, int limit) {
        return deadLetters.list(OutboundDeadLetters.PUSH, agentId, cursor, limit);
    }

    public DeadLetterCount countDeadLetters(String agentId) {
        return deadLetters.count(OutboundDeadLetters.PUSH, agentId);
    }

    public Optional<DeadLetter> deadLetter(String agentId, long id) {
        return deadLetters.find(OutboundDeadLetters.PUSH, agentId, id);
    }

    /** Pushes the parked update now, out of its turn: the outcome; empty when its config is gone. */
    public Optional<DeadLetterReplay> replay(DeadLetter letter) {
        String[] taskAndConfig = letter.targetKey().split("/", 2);
        return configs.target(letter.agentId(), taskAndConfig[0], taskAndConfig[1])
                .map(target -> deadLetters.replay(letter, event -> relay.deliver(target, event)));
    }
}

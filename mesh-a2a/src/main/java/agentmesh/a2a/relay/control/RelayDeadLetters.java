package agentmesh.a2a.relay.control;

import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import jakarta.json.JsonObject;
import java.util.Optional;
import java.util.function.Function;

/**
 * The admin contract (list, count, replay) over one outbound relay's dead letters in {@link OutboundDeadLetters}:
 * a remote agent's and a push webhook's differ only in the relay's kind, where a letter goes again and what is said
 * when that target is gone.
 */
public final class RelayDeadLetters {

    /** Where a letter's event is delivered again: empty when its target is gone. */
    interface Targets {
        Optional<Function<JsonObject, A2aCalls.Reply>> of(DeadLetter letter);
    }

    private final OutboundDeadLetters store;
    private final String relay;
    private final Targets targets;
    private final Function<DeadLetter, String> gone;

    RelayDeadLetters(OutboundDeadLetters store, String relay, Targets targets, Function<DeadLetter, String> gone) {
        this.store = store;
        this.relay = relay;
        this.targets = targets;
        this.gone = gone;
    }

    /** The agent's letters after {@code cursor} (null: from the first), oldest first. */
    public DeadLetterPage<DeadLetter> list(String agentId, Long cursor, int limit) {
        return store.list(relay, agentId, cursor == null ? 0 : cursor, limit);
    }

    /** How many of the agent's letters are not replayed yet. */
    public DeadLetterCount count(String agentId) {
        return store.count(relay, agentId);
    }

    /** What a replay came to: the delivery's outcome, or why nothing was replayed (an admin's 404). */
    public sealed interface Replay {}

    public record Replayed(DeadLetterReplay outcome) implements Replay {}

    public record NotReplayed(String why) implements Replay {}

    /**
     * Delivers the parked event now, out of its turn: the outcome (delivered, refused, unreachable, not allowed); not
     * replayed when the agent has no such letter, or the letter's target is gone.
     */
    public Replay replay(String agentId, long id) {
        Optional<DeadLetter> found = store.find(relay, agentId, id);
        if (found.isEmpty()) {
            return new NotReplayed("no dead letter " + id + " of " + agentId);
        }
        DeadLetter letter = found.get();
        return targets.of(letter)
                .<Replay>map(deliver -> new Replayed(store.replay(letter, deliver)))
                .orElseGet(() -> new NotReplayed(gone.apply(letter)));
    }
}

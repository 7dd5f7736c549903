package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RelayDeadLettersTest {

    private static final JsonObject EVENT =
            Json.createObjectBuilder().add("cursor", 5).build();

    private final List<String> asked = new ArrayList<>();
    private final List<JsonObject> delivered = new ArrayList<>();
    private final DeadLetter letter = new DeadLetter(3, "echo", "t-1/c-1", 5, "refused", null, null);

    /** Holds one letter of the agent {@code echo}, of the relay {@code push}, and records what it is asked. */
    private final OutboundDeadLetters store = new OutboundDeadLetters() {
        @Override
        DeadLetterPage<DeadLetter> list(String relay, String agentId, long cursor, int limit) {
            asked.add("list " + relay + " " + agentId + " " + cursor + " " + limit);
            return DeadLetterPage.of(List.of(letter), limit, DeadLetter::id);
        }

        @Override
        DeadLetterCount count(String relay, String agentId) {
            asked.add("count " + relay + " " + agentId);
            return new DeadLetterCount(1);
        }

        @Override
        Optional<DeadLetter> find(String relay, String agentId, long id) {
            return relay.equals("push") && agentId.equals("echo") && id == 3 ? Optional.of(letter) : Optional.empty();
        }

        @Override
        DeadLetterReplay replay(DeadLetter replayed, Function<JsonObject, A2aCalls.Reply> deliver) {
            deliver.apply(EVENT);
            return new DeadLetterReplay(replayed.id(), "delivered");
        }
    };

    private RelayDeadLetters letters(boolean targetThere) {
        return new RelayDeadLetters(
                store,
                "push",
                letter -> targetThere
                        ? Optional.of(event -> {
                            delivered.add(event);
                            return null;
                        })
                        : Optional.empty(),
                letter -> "the push config " + letter.targetKey() + " is gone");
    }

    @Test
    void listingAndCountingAskTheStoreForTheRelaysOwnLetters() {
        letters(true).list("echo", null, 10);
        letters(true).list("echo", 7L, 10);
        letters(true).count("echo");

        assertEquals(List.of("list push echo 0 10", "list push echo 7 10", "count push echo"), asked);
    }

    @Test
    void aLetterIsReplayedToItsTarget() {
        RelayDeadLetters.Replay replay = letters(true).replay("echo", 3);

        assertEquals(new RelayDeadLetters.Replayed(new DeadLetterReplay(3, "delivered")), replay);
        assertEquals(List.of(EVENT), delivered);
    }

    @Test
    void aLetterOfAnotherAgentOrRelayIsNotReplayed() {
        var remote = new RelayDeadLetters(store, "remote", l -> Optional.of(event -> null), l -> "gone");

        assertEquals(
                new RelayDeadLetters.NotReplayed("no dead letter 3 of other"),
                letters(true).replay("other", 3));
        assertEquals(new RelayDeadLetters.NotReplayed("no dead letter 3 of echo"), remote.replay("echo", 3));
        assertEquals(List.of(), delivered);
    }

    @Test
    void aLetterWhoseTargetIsGoneIsNotReplayedAndSaysWhy() {
        assertEquals(
                new RelayDeadLetters.NotReplayed("the push config t-1/c-1 is gone"),
                letters(false).replay("echo", 3));
    }
}

package agentmesh.a2a.relay.boundary;

import agentmesh.a2a.relay.control.RelayDeadLetters;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;

/** A relay's dead-letter replay as the admin API answers it: 202 with the outcome, or 404 saying why not. */
final class DeadLetterReplays {

    private DeadLetterReplays() {}

    static Response accepted(RelayDeadLetters.Replay replay) {
        if (replay instanceof RelayDeadLetters.Replayed replayed) {
            return Response.accepted(replayed.outcome()).build();
        }
        throw new NotFoundException(((RelayDeadLetters.NotReplayed) replay).why());
    }
}

package agentmesh.a2a.relay.control;

import agentmesh.task.entity.TaskState;
import java.util.Optional;

/**
 * What a remote agent's task state does to the mesh task it answers. A state the mesh task may take, it takes
 * ({@code canceled} by a cancel); the same state again changes nothing. A final state the mesh task may not take
 * from where it is — {@code rejected} after {@code working} — ends it as {@code failed}, with the remote's state as
 * the reason: the remote's task is over, and the mesh's must not wait for an answer that will not come. An active
 * state the mesh task may not take (it is ahead) changes nothing: a later update moves it.
 */
final class StateMoves {

    sealed interface Move {}

    record ChangeTo(TaskState state, String reason) implements Move {}

    record Cancel() implements Move {}

    private StateMoves() {}

    /** The move for a remote state (a mesh wire name, {@code input-required}); empty for none. */
    static Optional<Move> of(TaskState current, String remoteState) {
        if (remoteState == null || current.isTerminal()) {
            return Optional.empty();
        }
        TaskState target = TaskState.fromWireName(remoteState);
        if (target == current) {
            return Optional.empty();
        }
        if (target == TaskState.CANCELED) {
            return Optional.of(new Cancel());
        }
        if (current.mayMoveTo(target)) {
            return Optional.of(new ChangeTo(target, null));
        }
        if (target.isTerminal()) {
            return Optional.of(new ChangeTo(
                    TaskState.FAILED,
                    "The remote A2A agent ended its task as " + remoteState + ", which this task cannot become once "
                            + current.wireName()));
        }
        return Optional.empty();
    }
}

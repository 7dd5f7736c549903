package agentmesh.messaging.control;

import agentmesh.digest.Sha256;
import jakarta.json.JsonArray;
import java.util.Objects;

/**
 * What makes two sends "the same message": sender, recipient, the task and context as the sender named them (absent
 * stays absent, so a replay of a task-opening send matches) and the canonical parts.
 */
final class Fingerprint {

    private Fingerprint() {}

    static String of(SendCommand command, JsonArray canonicalParts) {
        String text = String.join(
                "\u0000",
                command.sender(),
                command.to(),
                Objects.toString(command.taskId(), ""),
                Objects.toString(command.contextId(), ""),
                canonicalParts.toString());
        return Sha256.hex(text);
    }
}

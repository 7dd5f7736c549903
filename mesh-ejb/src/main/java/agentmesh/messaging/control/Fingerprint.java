package agentmesh.messaging.control;

import jakarta.json.JsonArray;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * What makes two sends "the same message": sender, recipient, the task and context as the sender named them (absent
 * stays absent, so a replay of a task-opening send matches) and the canonical parts.
 */
final class Fingerprint {

    private Fingerprint() {
    }

    static String of(SendCommand command, JsonArray canonicalParts) {
        String text = String.join("\u0000", command.sender(), command.to(),
                Objects.toString(command.taskId(), ""), Objects.toString(command.contextId(), ""),
                canonicalParts.toString());
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}

package agentmesh.messaging.control;

import agentmesh.agent.control.ContactCheck;
import jakarta.json.JsonArray;

/**
 * A validated request from {@code sender} to send a message. {@code messageId} is the client's or a generated one;
 * {@code taskId} null opens a new task; {@code contextId} may be null. {@code contactCheck} says whether the send's
 * transaction must still check that the two may talk.
 */
public record SendCommand(
        String sender,
        String messageId,
        String to,
        String taskId,
        String contextId,
        JsonArray parts,
        ContactCheck contactCheck) {}

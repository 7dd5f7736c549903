package agentmesh.messaging.control;

import agentmesh.problem.MeshException;

/** 409: the sender used this message id before, for another recipient, task or content. */
public class MessageIdConflictException extends MeshException {

    public MessageIdConflictException(String messageId) {
        super(
                409,
                "message-id-conflict",
                "Message id already used",
                "You already sent message " + messageId + " with another recipient, task or content");
    }
}

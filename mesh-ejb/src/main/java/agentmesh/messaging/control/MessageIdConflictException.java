package agentmesh.messaging.control;

import agentmesh.platform.MeshException;

public class MessageIdConflictException extends MeshException {

    public MessageIdConflictException(String messageId) {
        super(409, "message-id-conflict", "Message id already used",
                "Message " + messageId + " was already sent with a different sender, task or content");
    }
}

package agentmesh.messaging.control;

import agentmesh.problem.MeshException;

/** The message id is taken: the insert failed on its unique key. Rolls the attempt back; the sender then decides. */
class DuplicateMessageIdException extends MeshException {

    DuplicateMessageIdException(String messageId) {
        super(409, "message-id-conflict", "Message id already used", "Message " + messageId + " exists");
    }
}

package agentmesh.inbox.control;

import jakarta.ejb.ApplicationException;

/**
 * A record the consumer cannot deliver however often it tries (malformed, or poisoned by a test). An application
 * exception: it rolls back and reaches the consumer as itself, without the container logging a system failure.
 */
@ApplicationException(rollback = true)
public class PoisonRecordException extends RuntimeException {

    public PoisonRecordException(String message) {
        super(message);
    }
}

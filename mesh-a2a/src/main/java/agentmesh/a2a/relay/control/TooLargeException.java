package agentmesh.a2a.relay.control;

import java.io.IOException;

/** A remote answer, card or stream event past its byte bound: asking again would bring the same. */
final class TooLargeException extends IOException {

    TooLargeException(String message) {
        super(message);
    }
}

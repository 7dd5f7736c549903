package agentmesh.outbox.control;

import agentmesh.problem.MeshException;

/** 413: the event a write would cause is larger than Kafka takes; the write is refused and rolled back. */
public class EventTooLargeException extends MeshException {

    public EventTooLargeException(String type, int bytes, int limit) {
        super(
                413,
                "event-too-large",
                "Event too large",
                "The " + type + " event this request causes would be "
                        + bytes + " bytes, more than the " + limit + " bytes the mesh can publish"
                        + " (mesh.kafka.max-message-bytes); send less in one request");
    }
}

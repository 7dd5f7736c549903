package agentmesh.problem;

import java.util.Map;

/** 400: the request is well-formed JSON but says something the mesh cannot accept; names the offending field. */
public class InvalidRequestException extends MeshException {

    public InvalidRequestException(String field, String message) {
        super(400, "invalid-request", "Invalid request", field + ": " + message, Map.of(field, message));
    }
}

package agentmesh.problem;

import jakarta.ejb.ApplicationException;
import java.util.Map;

/**
 * A request the mesh refuses, with the HTTP status and problem type it leaves as.
 * An application exception that rolls back: whatever the refused request had written is undone, and the caller gets
 * this exception itself instead of an EJBException wrapper.
 */
@ApplicationException(rollback = true, inherited = true)
public abstract class MeshException extends RuntimeException {

    private final int status;
    private final String type;
    private final String title;
    private final Map<String, String> fieldErrors;

    protected MeshException(int status, String type, String title, String detail) {
        this(status, type, title, detail, Map.of());
    }

    protected MeshException(int status, String type, String title, String detail, Map<String, String> fieldErrors) {
        super(detail);
        this.status = status;
        this.type = type;
        this.title = title;
        this.fieldErrors = Map.copyOf(fieldErrors);
    }

    public int status() {
        return status;
    }

    /** The last segment of the problem type URI, e.g. {@code unknown-agent}. */
    public String type() {
        return type;
    }

    public String title() {
        return title;
    }

    /** Seconds after which a retry may succeed (sent as Retry-After); 0 when retrying the same will not help. */
    public int retryAfterSeconds() {
        return 0;
    }

    /** Field name to message; empty when the problem is not about particular fields. */
    public Map<String, String> fieldErrors() {
        return fieldErrors;
    }
}

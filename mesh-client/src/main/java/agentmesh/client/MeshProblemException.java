package agentmesh.client;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The mesh refused a request with a problem document (RFC 9457). A subclass per kind of refusal, so that callers
 * catch what they can act on: {@link Conflict} for a message id reused with other content, {@link NotAllowed} for a
 * pair not allowed to talk, {@link Overloaded} when retrying later is the answer.
 */
public class MeshProblemException extends RuntimeException {

    private final int status;
    private final String type;
    private final String title;
    private final String detail;
    private final List<FieldError> errors;
    private final Duration retryAfter;

    MeshProblemException(
            int status, String type, String title, String detail, List<FieldError> errors, Duration retryAfter) {
        super(status + " " + title + (detail == null ? "" : ": " + detail));
        this.status = status;
        this.type = type;
        this.title = title;
        this.detail = detail;
        this.errors = List.copyOf(errors);
        this.retryAfter = retryAfter;
    }

    /** The HTTP status. */
    public int status() {
        return status;
    }

    /** The problem type, a URI naming the kind of refusal (e.g. {@code …/problems/rate-limited}). */
    public String type() {
        return type;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return detail;
    }

    /** The fields a 400 found wrong, each with what is wrong with it. */
    public List<FieldError> errors() {
        return errors;
    }

    /** How long the mesh asked to wait before trying again, when it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** One field of a request and what is wrong with it. */
    public record FieldError(String field, String message) {}

    static MeshProblemException of(
            int status, String type, String title, String detail, List<FieldError> errors, Duration retryAfter) {
        return switch (status) {
            case 400, 408, 413, 422 -> new InvalidRequest(status, type, title, detail, errors, retryAfter);
            case 401 -> new Unauthorized(status, type, title, detail, errors, retryAfter);
            case 403 -> new NotAllowed(status, type, title, detail, errors, retryAfter);
            case 404 -> new NotFound(status, type, title, detail, errors, retryAfter);
            case 409 -> new Conflict(status, type, title, detail, errors, retryAfter);
            case 429, 503 -> new Overloaded(status, type, title, detail, errors, retryAfter);
            default -> new MeshProblemException(status, type, title, detail, errors, retryAfter);
        };
    }

    /** 400, 408, 413, 422: the request itself is wrong (see {@link #errors()}); sending it again will not help. */
    public static final class InvalidRequest extends MeshProblemException {
        InvalidRequest(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }

    /** 401: no token, or not a valid one (a rotated token stops at once). */
    public static final class Unauthorized extends MeshProblemException {
        Unauthorized(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }

    /** 403: the caller may not do this: the two agents are not allowed to talk, or it is another agent's task. */
    public static final class NotAllowed extends MeshProblemException {
        NotAllowed(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }

    /** 404: no such agent, task or event. */
    public static final class NotFound extends MeshProblemException {
        NotFound(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }

    /** 409: a message id reused with other content, a terminal task, an illegal transition, an existing agent. */
    public static final class Conflict extends MeshProblemException {
        Conflict(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }

    /**
     * 429 or 503: over the sender's rate, or the mesh over its capacity; or an error that is not the mesh's (a server
     * still starting, a proxy failing), whatever its status. Try again later.
     */
    public static final class Overloaded extends MeshProblemException {
        Overloaded(int s, String t, String ti, String d, List<FieldError> e, Duration r) {
            super(s, t, ti, d, e, r);
        }
    }
}

package agentmesh.system.chaos;

import agentmesh.system.ApiResponse;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletionException;

/** How one HTTP attempt at a send ended, as an agent's client sees it. */
enum AttemptOutcome {
    /** 201: the mesh stored the message. */
    CREATED,
    /** 200: the mesh had stored it already (an earlier attempt got through); its unique message id kept one copy. */
    REPLAYED,
    /**
     * The mesh stored the message, but the client dropped its 201 on purpose, as a network cut after the commit
     * would; retried, so the mesh must answer the retry with the original and store nothing new.
     */
    ANSWER_LOST,
    /** 429: over the agent's rate; retried after Retry-After. */
    RATE_LIMITED,
    /** 503: e.g. the identity check unavailable; retried after Retry-After. */
    UNAVAILABLE,
    /** Another 5xx: the server failed (a database connection lost mid-request, …); retried. */
    SERVER_ERROR,
    /** No answer within the client's timeout; retried, since the send may or may not have been stored. */
    TIMED_OUT,
    /** No connection within the client's connect timeout: nothing was sent; retried. */
    CONNECT_TIMED_OUT,
    /** The connection was refused (nothing listens): nothing was sent; retried. */
    CONNECTION_REFUSED,
    /** The connection closed or reset before the answer (the far end died mid-request); retried. */
    CONNECTION_CUT,
    /**
     * An error that is not {@code application/problem+json} did not come from the mesh, whose every error is one:
     * it came from the app server before the application was loaded (Payara answers 404 then) or from something in
     * front of it. Retried.
     */
    NOT_FROM_THE_MESH,
    /** A problem+json 4xx: the request itself is wrong, so retrying cannot help. In a chaos run this is a bug. */
    REJECTED;

    static AttemptOutcome of(ApiResponse response, Throwable failure) {
        if (failure != null) {
            Throwable cause =
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            // A connect timeout means nothing was sent; a request timeout leaves the outcome unknown.
            if (cause instanceof HttpConnectTimeoutException) {
                return CONNECT_TIMED_OUT;
            }
            if (cause instanceof HttpTimeoutException) {
                return TIMED_OUT;
            }
            return cause instanceof ConnectException ? CONNECTION_REFUSED : CONNECTION_CUT;
        }
        int status = response.status();
        if (status == 201) {
            return CREATED;
        }
        if (status == 200) {
            return REPLAYED;
        }
        if (!response.isProblem()) {
            return NOT_FROM_THE_MESH;
        }
        if (status == 429) {
            return RATE_LIMITED;
        }
        if (status == 503) {
            return UNAVAILABLE;
        }
        return status >= 500 ? SERVER_ERROR : REJECTED;
    }

    boolean acknowledged() {
        return this == CREATED || this == REPLAYED;
    }

    boolean worthRetrying() {
        return !acknowledged() && this != REJECTED;
    }
}

package agentmesh.web.security;

import java.time.Duration;

/** A client address failed to authenticate too often: its next token is not looked up before {@link #retryAfter}. */
public class TooManyFailedAuthentications extends RuntimeException {

    private final Duration retryAfter;

    TooManyFailedAuthentications(String address, Duration retryAfter) {
        super(address + " sent too many invalid tokens; retry in " + seconds(retryAfter) + " s");
        this.retryAfter = retryAfter;
    }

    public long retryAfterSeconds() {
        return seconds(retryAfter);
    }

    private static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}

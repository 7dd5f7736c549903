package agentmesh.a2a.relay.control;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When the outbound mechanism parks an event: the relay's counts refusals only, the push's every failure. */
class CursorRelayRetriesTest {

    private static final CursorRelay.Retries.Backoff ANY = failures -> Duration.ofMillis(1);

    @Test
    void aRemoteServerOutOfReachIsWaitedForButOneThatRefusesIsParked() {
        CursorRelay.Retries relay = new CursorRelay.Retries(5, false, ANY);

        assertFalse(relay.parks(100, 0), "out of reach a hundred times: still waited for");
        assertFalse(relay.parks(5, 4));
        assertTrue(relay.parks(5, 5));
    }

    @Test
    void aWebhookIsParkedAfterItsAttemptsWhateverFailed() {
        CursorRelay.Retries push = new CursorRelay.Retries(10, true, ANY);

        assertFalse(push.parks(9, 0));
        assertTrue(push.parks(10, 0));
    }
}

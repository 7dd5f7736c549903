package agentmesh.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.opentelemetry.api.trace.Span;
import java.net.URI;
import org.junit.jupiter.api.Test;

class TracingTest {

    private static final String PARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void aCallForWorkWithoutAContextHasNoSpan() {
        assertNull(new Tracing().client("POST", "POST", URI.create("https://hook.example/x"), null));
    }

    @Test
    void offACallHandsOnTheContextItWasMadeFor() {
        Tracing off = new Tracing();
        Span span = off.client("POST", "POST", URI.create("https://hook.example/x"), TraceContext.of(PARENT, null));
        assertEquals(PARENT, off.handedOn(span).traceparent());
    }

    @Test
    void theUrlOfACallSpanHasNoUserInfoQueryOrFragment() {
        assertEquals(
                "https://hook.example:8443/a%20b/c",
                Tracing.withoutSecrets(URI.create("https://user:pw@hook.example:8443/a%20b/c?token=s3cret#f")));
        assertEquals("http://hook.example/", Tracing.withoutSecrets(URI.create("http://hook.example/?t=1")));
    }
}

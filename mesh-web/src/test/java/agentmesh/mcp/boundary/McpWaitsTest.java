package agentmesh.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class McpWaitsTest {

    @Test
    void aWaitPastTheServersCapIsRefusedAt503AndAPlaceGivenBackServesTheNext() throws Exception {
        McpWaits waits = new McpWaits(1);
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch over = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> waits.within(() -> {
            waiting.countDown();
            try {
                over.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "first";
        }));
        assertTrue(waiting.await(10, TimeUnit.SECONDS));

        McpWaits.TooManyWaitsException refused =
                assertThrows(McpWaits.TooManyWaitsException.class, () -> waits.within(() -> "second"));
        over.countDown();

        assertEquals(503, refused.status());
        assertTrue(refused.getMessage().contains("mesh.mcp.max-waits"), refused.getMessage());
        assertEquals(1, refused.retryAfterSeconds());
        assertEquals("first", first.get(10, TimeUnit.SECONDS));
        assertEquals("third", waits.within(() -> "third"));
    }
}

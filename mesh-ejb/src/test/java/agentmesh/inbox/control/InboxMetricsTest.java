package agentmesh.inbox.control;

import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.operations.metrics.MeshMeters;
import org.junit.jupiter.api.Test;

class InboxMetricsTest {

    @Test
    void aRebalanceIsCountedOnceHoweverManyOfTheInstancesConsumersTakePartInIt() {
        InboxMetrics metrics = new InboxMetrics();
        metrics.meters = new MeshMeters();
        metrics.register();

        for (int consumer = 0; consumer < 6; consumer++) {
            metrics.partitionsAssigned(1);
        }
        metrics.partitionsAssigned(2);
        metrics.partitionsAssigned(1); // a consumer late to tell of the earlier generation

        String scraped = metrics.meters.scrape();
        assertTrue(scraped.contains("\nagent_mesh_consumer_rebalances_total 2\n"), scraped);
    }
}

package agentmesh.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import agentmesh.json.MeshJson;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class EventSummariesTest {

    @Test
    void aMessageIsToldByItsIdAndTextAPartOfAnotherKindByItsKind() {
        JsonObject event = MeshJson.readObject("{\"cursor\":7,\"type\":\"message\",\"taskId\":\"t-1\",\"from\":\"bob\","
                + "\"messageId\":\"m-1\",\"seq\":2,\"parts\":[{\"kind\":\"text\",\"text\":\"Hello\"},"
                + "{\"kind\":\"data\",\"data\":{}}]}");

        assertEquals(
                MeshJson.readObject("{\"cursor\":7,\"taskId\":\"t-1\",\"from\":\"bob\",\"type\":\"message\","
                        + "\"messageId\":\"m-1\",\"text\":\"Hello [data]\"}"),
                EventSummaries.of(event));
    }

    @Test
    void anEventInATraceIsToldWithItsTraceContext() {
        JsonObject event = MeshJson.readObject("{\"cursor\":7,\"type\":\"message\",\"taskId\":\"t-1\",\"from\":\"bob\","
                + "\"messageId\":\"m-1\",\"parts\":[],\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-"
                + "b7ad6b7169203331-01\",\"tracestate\":\"k=v\"}");

        assertEquals(
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                EventSummaries.of(event).getString("traceparent"));
        assertEquals("k=v", EventSummaries.of(event).getString("tracestate"));
        assertFalse(EventSummaries.of(MeshJson.readObject(
                        "{\"cursor\":8,\"type\":\"message\",\"taskId\":\"t\"," + "\"messageId\":\"m\",\"parts\":[]}"))
                .containsKey("traceparent"));
    }

    @Test
    void aStatusIsToldByItsStateAndReasonWhenItHasOne() {
        JsonObject failed = MeshJson.readObject("{\"cursor\":8,\"type\":\"task-status\",\"taskId\":\"t-1\","
                + "\"from\":\"bob\",\"status\":{\"state\":\"failed\",\"reason\":\"no disk\"}}");
        JsonObject working = MeshJson.readObject("{\"cursor\":9,\"type\":\"task-status\",\"taskId\":\"t-1\","
                + "\"from\":\"bob\",\"status\":{\"state\":\"working\"}}");

        assertEquals("no disk", EventSummaries.of(failed).getString("reason"));
        assertEquals("working", EventSummaries.of(working).getString("state"));
        assertFalse(EventSummaries.of(working).containsKey("reason"));
    }

    @Test
    void anArtifactIsToldByItsName() {
        JsonObject event = MeshJson.readObject("{\"cursor\":10,\"type\":\"artifact\",\"taskId\":\"t-1\","
                + "\"from\":\"bob\",\"artifact\":{\"artifactId\":\"a-1\",\"name\":\"report\",\"parts\":[]}}");

        assertEquals("artifact", EventSummaries.of(event).getString("type"));
        assertEquals("report", EventSummaries.of(event).getString("name"));
    }
}

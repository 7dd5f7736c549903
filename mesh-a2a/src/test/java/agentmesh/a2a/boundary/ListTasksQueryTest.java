package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListTasksQueryTest {

    @Test
    void absentParamsListFiftyTasksWithoutHistoriesOrArtifacts() {
        assertEquals(
                new ListTasksQuery(null, null, null, null, 50, 0, false),
                ListTasksQuery.of(JsonValue.EMPTY_JSON_OBJECT));
    }

    @Test
    void everyFilterIsReadFromJsonRpcParams() {
        ListTasksQuery query = ListTasksQuery.of(MeshJson.object()
                .add("contextId", "ctx-1")
                .add("status", "TASK_STATE_INPUT_REQUIRED")
                .add("statusTimestampAfter", "2025-10-28T10:30:00.000Z")
                .add("pageSize", 100)
                .add("pageToken", "abc")
                .add("historyLength", 3)
                .add("includeArtifacts", true)
                .build());
        assertEquals(
                new ListTasksQuery(
                        "ctx-1", "input-required", Instant.parse("2025-10-28T10:30:00Z"), "abc", 100, 3, true),
                query);
    }

    @Test
    void everyFilterIsReadFromTheQueryTextsOfHttpJson() {
        ListTasksQuery query = ListTasksQuery.of(MeshJson.object()
                .add("status", "TASK_STATE_WORKING")
                .add("statusTimestampAfter", "2025-10-28T12:30:00+02:00")
                .add("pageSize", "1")
                .add("historyLength", "0")
                .add("includeArtifacts", "true")
                .build());
        assertEquals(
                new ListTasksQuery(null, "working", Instant.parse("2025-10-28T10:30:00Z"), null, 1, 0, true), query);
    }

    @Test
    void aPageSizeOutOfOneToAHundredIsInvalidParamsNamingPageSize() {
        for (JsonValue size : List.of(
                MeshJson.object().add("v", 0).build().get("v"),
                MeshJson.object().add("v", 101).build().get("v"),
                MeshJson.object().add("v", -1).build().get("v"),
                MeshJson.object().add("v", "150").build().get("v"),
                MeshJson.object().add("v", 2.5).build().get("v"),
                MeshJson.object().add("v", "many").build().get("v"))) {
            A2aError error = assertThrows(
                    A2aError.class,
                    () -> ListTasksQuery.of(
                            MeshJson.object().add("pageSize", size).build()),
                    size.toString());
            assertInvalid(error, "pageSize");
        }
    }

    @Test
    void theHttpJsonBindingAnswersInvalidParamsWith400() {
        A2aError error = assertThrows(
                A2aError.class,
                () -> ListTasksQuery.of(MeshJson.object().add("pageSize", "101").build()));
        assertEquals(400, new A2aWire.Rest().status(error));
        assertEquals(
                "INVALID_ARGUMENT",
                new A2aWire.Rest().failure(error).getJsonObject("error").getString("status"));
    }

    @Test
    void anUnknownStatusANegativeHistoryAndABadTimestampOrBooleanAreInvalidParams() {
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(MeshJson.object()
                                .add("status", "TASK_STATE_RUNNING")
                                .build())),
                "status");
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(
                                MeshJson.object().add("historyLength", -5).build())),
                "historyLength");
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(MeshJson.object()
                                .add("statusTimestampAfter", "yesterday")
                                .build())),
                "statusTimestampAfter");
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(
                                MeshJson.object().add("includeArtifacts", "yes").build())),
                "includeArtifacts");
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(
                                MeshJson.object().add("contextId", 5).build())),
                "contextId");
    }

    @Test
    void anUnspecifiedStatusFiltersNothingAStatusReadsByNumberTooAndALongHistoryIsCapped() {
        ListTasksQuery query = ListTasksQuery.of(MeshJson.object()
                .add("status", "TASK_STATE_UNSPECIFIED")
                .add("historyLength", 1_000_000)
                .build());
        assertNull(query.state());
        assertEquals(TaskReader.MAX_HISTORY, query.historyLength());
        assertNull(ListTasksQuery.of(MeshJson.object().add("status", 0).build()).state());
        assertEquals(
                "working",
                ListTasksQuery.of(MeshJson.object().add("status", 2).build()).state());
        assertEquals(
                "input-required",
                ListTasksQuery.of(MeshJson.object().add("status", "6").build()).state());
        assertInvalid(
                assertThrows(
                        A2aError.class,
                        () -> ListTasksQuery.of(
                                MeshJson.object().add("status", 9).build())),
                "status");
    }

    @Test
    void aListedTaskHasArtifactsOnlyWhenAskedAndThenEvenEmpty() {
        TaskView task = new TaskView(
                "t-1",
                "ctx-1",
                "alice",
                "bob",
                new TaskView.Status("working", Instant.parse("2025-10-28T10:30:00Z"), null),
                List.of(),
                List.of(),
                null,
                0,
                Instant.parse("2025-10-28T10:00:00Z"),
                Instant.parse("2025-10-28T10:30:00Z"));
        JsonObject without = A2aVersion.V1_0.mapping().listedTask(task, false);
        assertFalse(without.containsKey("artifacts"));
        assertFalse(without.containsKey("history"));
        JsonObject with = A2aVersion.V1_0.mapping().listedTask(task, true);
        assertEquals(JsonValue.EMPTY_JSON_ARRAY, with.get("artifacts"));
        assertEquals(List.of(), A2a10Json.violations("Task", with, Set.of()));

        TaskView withOne = new TaskView(
                "t-1",
                "ctx-1",
                "alice",
                "bob",
                task.status(),
                List.of(),
                List.of(new TaskLifecycle.ArtifactView(
                        "a-1",
                        "report",
                        MeshJson.array()
                                .add(MeshJson.object().add("kind", "text").add("text", "done"))
                                .build(),
                        Instant.EPOCH)),
                null,
                1,
                task.createdAt(),
                task.updatedAt());
        assertEquals(
                List.of(),
                A2a10Json.violations("Task", A2aVersion.V1_0.mapping().listedTask(withOne, true), Set.of()));
    }

    private static void assertInvalid(A2aError error, String field) {
        assertEquals(A2aError.INVALID_PARAMS, error.code());
        assertTrue(
                error.jsonRpc().toString().contains("\"field\":\"" + field + "\""),
                error.jsonRpc().toString());
        assertTrue(error.getMessage().contains(field), error.getMessage());
    }
}

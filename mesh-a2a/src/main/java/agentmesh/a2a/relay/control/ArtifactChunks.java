package agentmesh.a2a.relay.control;

import agentmesh.json.MeshJson;
import agentmesh.parts.control.Parts;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts a followed stream's artifacts together from their chunks, so that an artifact streamed in many small chunks
 * is written in few writes. An artifact update starts an artifact ({@code append} false) or adds parts to the one
 * being put together ({@code append} true); the artifact is written once complete: its last chunk came
 * ({@code lastChunk} true), the task stopped (a final state, or input or auth required — written before the state,
 * as the mesh takes no artifact from a finished task), it reached the bounds of one write ({@link Parts#MAX_PARTS}
 * parts, {@link #MAX_CHARS} characters), or the stream ended. Adjacent text parts of two chunks become one, so that a
 * streamed text takes one part, not one per token. A whole artifact (of a task) is written as it is.
 *
 * <p>Chunks for an artifact already written (its start was in an earlier stream or answer, or it outgrew the bounds)
 * are put together the same way and written as an append to it ({@link RemoteAnswer.Made#append()}), which the mesh
 * takes within an artifact's bounds and refuses for good past them. A stream delivers each chunk once, and a stream
 * opened again starts with the task, whose artifacts are whole.
 *
 * <p>One instance per stream, used by its one thread.
 */
final class ArtifactChunks {

    /** The characters of an artifact's parts (as JSON) past which it is written: well within a Kafka message. */
    static final int MAX_CHARS = 512 * 1024;

    private static final Set<String> STOPPED =
            Set.of("completed", "failed", "canceled", "rejected", "input-required", "auth-required");

    private final Map<String, Pending> pending = new LinkedHashMap<>();

    private static final class Pending {
        final String artifactId;
        final String name;
        final boolean append; // parts for an artifact written before
        final List<JsonValue> parts = new ArrayList<>();
        int chars;

        Pending(String artifactId, String name, boolean append) {
            this.artifactId = artifactId;
            this.name = name;
            this.append = append;
        }

        RemoteAnswer.Made made() {
            JsonArrayBuilder array = MeshJson.array();
            parts.forEach(array::add);
            return new RemoteAnswer.Made(artifactId, name, array.build(), append, true);
        }
    }

    /** The answer with the artifacts that are complete now; the chunks of the others are kept for later. */
    RemoteAnswer take(RemoteAnswer answer) {
        List<RemoteAnswer.Made> complete = new ArrayList<>();
        for (RemoteAnswer.Made made : answer.artifacts()) {
            Pending building = pending.remove(made.artifactId());
            if (!made.append() || building == null) {
                // A new start replaces what was being put together under its id: A2A's rule for append false.
                building = new Pending(made.artifactId(), made.name(), made.append());
            } else if (building.parts.size() + made.parts().size() > Parts.MAX_PARTS) {
                complete.add(building.made());
                building = new Pending(made.artifactId(), building.name, true);
            }
            add(building, made.parts());
            if (made.lastChunk() || building.parts.size() >= Parts.MAX_PARTS || building.chars >= MAX_CHARS) {
                complete.add(building.made());
            } else {
                pending.put(made.artifactId(), building);
            }
        }
        if (answer.state() != null && STOPPED.contains(answer.state())) {
            complete.addAll(rest());
        }
        return answer.withArtifacts(complete);
    }

    /** The artifacts still being put together, as far as they came; none are kept after. */
    List<RemoteAnswer.Made> rest() {
        List<RemoteAnswer.Made> rest =
                pending.values().stream().map(Pending::made).toList();
        pending.clear();
        return rest;
    }

    private static void add(Pending building, JsonArray parts) {
        for (JsonValue part : parts) {
            int last = building.parts.size() - 1;
            if (last >= 0 && isPlainText(building.parts.get(last)) && isPlainText(part)) {
                String joined = ((JsonObject) building.parts.get(last)).getString("text")
                        + ((JsonObject) part).getString("text");
                building.parts.set(
                        last,
                        MeshJson.object()
                                .add("kind", "text")
                                .add("text", joined)
                                .build());
            } else {
                building.parts.add(part);
            }
            building.chars += part.toString().length();
        }
    }

    // A text part with nothing but its text: two of them side by side say the same as one with both texts.
    private static boolean isPlainText(JsonValue part) {
        return part instanceof JsonObject object
                && object.size() == 2
                && "text".equals(object.getString("kind", ""))
                && object.get("text") instanceof JsonString;
    }
}

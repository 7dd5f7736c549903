package agentmesh.a2a.remote;

import agentmesh.parts.control.Parts;
import agentmesh.platform.MeshJson;
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
import java.util.concurrent.ThreadLocalRandom;

/**
 * Puts a followed stream's artifacts together from their chunks, for a mesh artifact is written once and never
 * changes. An artifact update starts an artifact ({@code append} false) or adds parts to the one being put together
 * ({@code append} true); the artifact is written once complete: its last chunk came ({@code lastChunk} true), the
 * task stopped (a final state, or input or auth required — written before the state, as the mesh takes no artifact
 * from a finished task), it reached the mesh's bounds of an artifact ({@link Parts#MAX_PARTS} parts,
 * {@link #MAX_CHARS} characters), or the stream ended. Adjacent text parts of two chunks become one, so that a
 * streamed text takes one part, not one per token. A whole artifact (of a task) is written as it is.
 *
 * <p>Chunks for an artifact already written (its start was in an earlier stream or answer, or it outgrew the bounds)
 * are not lost: they become an artifact of their own, the continuation, with an id derived from the artifact's. Its
 * id need not come out the same twice: a stream delivers each chunk once, and a stream opened again starts with the
 * task, whose artifacts are whole and keep their ids.
 *
 * <p>One instance per stream, used by its one thread.
 */
final class ArtifactChunks {

    /** The characters of an artifact's parts (as JSON) past which it is written: well within a Kafka message. */
    static final int MAX_CHARS = 512 * 1024;
    private static final Set<String> STOPPED = Set.of("completed", "failed", "canceled", "rejected",
            "input-required", "auth-required");

    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final String streamTag = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    private int continuations;

    private static final class Pending {
        final String artifactId;
        final String name;
        final List<JsonValue> parts = new ArrayList<>();
        int chars;

        Pending(String artifactId, String name) {
            this.artifactId = artifactId;
            this.name = name;
        }

        RemoteAnswer.Made made() {
            JsonArrayBuilder array = MeshJson.array();
            parts.forEach(array::add);
            return new RemoteAnswer.Made(artifactId, name, array.build());
        }
    }

    /** The answer with the artifacts that are complete now; the chunks of the others are kept for later. */
    RemoteAnswer take(RemoteAnswer answer) {
        List<RemoteAnswer.Made> complete = new ArrayList<>();
        for (RemoteAnswer.Made made : answer.artifacts()) {
            Pending building = pending.remove(made.artifactId());
            if (!made.append() || building == null) {
                // A new start replaces what was being put together under its id: A2A's rule for append false.
                building = made.append() ? new Pending(continuationId(made.artifactId()), made.name())
                        : new Pending(made.artifactId(), made.name());
            } else if (building.parts.size() + made.parts().size() > Parts.MAX_PARTS) {
                complete.add(building.made());
                building = new Pending(continuationId(made.artifactId()), building.name);
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
        List<RemoteAnswer.Made> rest = pending.values().stream().map(Pending::made).toList();
        pending.clear();
        return rest;
    }

    private static void add(Pending building, JsonArray parts) {
        for (JsonValue part : parts) {
            int last = building.parts.size() - 1;
            if (last >= 0 && isPlainText(building.parts.get(last)) && isPlainText(part)) {
                String joined = ((JsonObject) building.parts.get(last)).getString("text")
                        + ((JsonObject) part).getString("text");
                building.parts.set(last, MeshJson.object().add("kind", "text").add("text", joined).build());
            } else {
                building.parts.add(part);
            }
            building.chars += part.toString().length();
        }
    }

    // A text part with nothing but its text: two of them side by side say the same as one with both texts.
    private static boolean isPlainText(JsonValue part) {
        return part instanceof JsonObject object && object.size() == 2 && "text".equals(object.getString("kind", ""))
                && object.get("text") instanceof JsonString;
    }

    private String continuationId(String artifactId) {
        return artifactId + ":more-" + streamTag + "-" + (++continuations);
    }
}

package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteArtifactChunksTest {

    private final ArtifactChunks chunks = new ArtifactChunks();

    @Test
    void chunksOfAnArtifactAreWrittenAsOneOnceTheLastCame() {
        assertTrue(take(chunk("r", "Report", false, false, text("Hel"))).isEmpty());
        assertTrue(take(chunk("r", null, true, false, data())).isEmpty());
        List<RemoteAnswer.Made> written = take(chunk("r", null, true, true, text("lo")));
        assertEquals(1, written.size());
        assertEquals("r", written.get(0).artifactId());
        assertEquals("Report", written.get(0).name());
        assertEquals(
                MeshJson.array()
                        .add(text("Hel").get(0))
                        .add(data().get(0))
                        .add(text("lo").get(0))
                        .build(),
                written.get(0).parts());
    }

    @Test
    void adjacentTextChunksBecomeOneTextPart() {
        take(chunk("r", "Poem", false, false, text("Roses ")));
        take(chunk("r", null, true, false, text("are ")));
        RemoteAnswer.Made poem = take(chunk("r", null, true, true, text("red"))).get(0);
        assertEquals(text("Roses are red"), poem.parts());
    }

    @Test
    void chunksStillComingAreWrittenBeforeTheTaskStops() {
        take(chunk("r", "Report", false, false, text("half")));
        RemoteAnswer finished = new RemoteAnswer("rt", null, "completed", List.of(), List.of());
        assertEquals(
                List.of("r"),
                chunks.take(finished).artifacts().stream()
                        .map(RemoteAnswer.Made::artifactId)
                        .toList());
        assertTrue(chunks.rest().isEmpty());
    }

    @Test
    void aWorkingUpdateBetweenChunksWritesNothingYet() {
        take(chunk("r", "Report", false, false, text("half")));
        assertTrue(chunks.take(new RemoteAnswer("rt", null, "working", List.of(), List.of()))
                .artifacts()
                .isEmpty());
    }

    @Test
    void whatCameOfAnArtifactIsWrittenWhenTheStreamEnds() {
        take(chunk("r", "Report", false, false, text("half")));
        assertEquals(text("half"), chunks.rest().get(0).parts());
    }

    @Test
    void chunksForAnArtifactWrittenBeforeArePutTogetherAndAppendedToIt() {
        assertTrue(take(chunk("r", null, true, false, text("more "))).isEmpty());
        List<RemoteAnswer.Made> written = take(chunk("r", null, true, true, text("text")));
        assertEquals(1, written.size());
        assertEquals("r", written.get(0).artifactId());
        assertTrue(written.get(0).append());
        assertEquals(text("more text"), written.get(0).parts());
        RemoteAnswer.Made again =
                take(chunk("r", null, true, true, text("again"))).get(0);
        assertEquals("r", again.artifactId());
        assertTrue(again.append());
    }

    @Test
    void anArtifactOfATaskIsWrittenWholeAtOnce() {
        assertEquals(1, take(new RemoteAnswer.Made("r", "Report", text("all"))).size());
    }

    @Test
    void anArtifactThatReachesTheMeshsPartBoundIsWrittenAndTheRestIsAppendedToIt() {
        List<RemoteAnswer.Made> written = new ArrayList<>(take(chunk("r", "Data", false, false, data())));
        for (int i = 1; i < 70; i++) {
            written.addAll(take(chunk("r", null, true, false, data())));
        }
        written.addAll(chunks.rest());
        assertEquals(
                List.of(64, 6),
                written.stream().map(made -> made.parts().size()).toList());
        assertEquals(
                List.of("r", "r"),
                written.stream().map(RemoteAnswer.Made::artifactId).toList());
        assertEquals(
                List.of(false, true),
                written.stream().map(RemoteAnswer.Made::append).toList());
    }

    private List<RemoteAnswer.Made> take(RemoteAnswer.Made made) {
        return chunks.take(new RemoteAnswer("rt", null, null, List.of(), List.of(made)))
                .artifacts();
    }

    private static RemoteAnswer.Made chunk(String id, String name, boolean append, boolean last, JsonArray parts) {
        return new RemoteAnswer.Made(id, name, parts, append, last);
    }

    private static JsonArray text(String text) {
        return MeshJson.array()
                .add(MeshJson.object().add("kind", "text").add("text", text))
                .build();
    }

    private static JsonArray data() {
        return MeshJson.array()
                .add(MeshJson.object()
                        .add("kind", "data")
                        .add("data", MeshJson.object().add("n", 1)))
                .build();
    }
}

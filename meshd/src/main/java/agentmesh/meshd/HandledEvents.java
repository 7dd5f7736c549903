package agentmesh.meshd;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.UUID;

/**
 * What this agent has handled, on disk: the cursor of the last event its brain finished and the keys of the most
 * recent events it finished (a bounded set, oldest dropped first). Each change is written to a new file, forced to
 * the disk and moved over the old one atomically, so a {@code kill -9} or a power cut leaves the state before or
 * after the change, never half of it.
 */
final class HandledEvents {

    private final Path file;
    private final int capacity;
    private final LinkedHashSet<String> keys = new LinkedHashSet<>();
    private String runId;
    private Long cursor;

    private HandledEvents(Path file, int capacity) {
        this.file = file;
        this.capacity = capacity;
    }

    /** The state kept in {@code directory} (created when missing), remembering at most {@code capacity} keys. */
    static HandledEvents open(Path directory, int capacity) {
        HandledEvents handled = new HandledEvents(directory.resolve("handled.json"), capacity);
        try {
            Files.createDirectories(directory);
            if (Files.exists(handled.file)) {
                handled.load(Files.readString(handled.file));
            } else {
                handled.runId = "run-" + UUID.randomUUID().toString().substring(0, 8);
                handled.write();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + handled.file, e);
        }
        return handled;
    }

    /**
     * Names this agent's life with this state, for ids of what it does at start: the same after a restart, another
     * with a fresh state directory.
     */
    String runId() {
        return runId;
    }

    /** The cursor of the last event handled; empty before the first. */
    synchronized Optional<Long> cursor() {
        return Optional.ofNullable(cursor);
    }

    synchronized boolean contains(String key) {
        return keys.contains(key);
    }

    /** Records an event as handled, durably, before it is acknowledged to the mesh. */
    synchronized void add(String key, long eventCursor) {
        keys.add(key);
        while (keys.size() > capacity) {
            keys.remove(keys.iterator().next());
        }
        cursor = eventCursor;
        write();
    }

    private void load(String json) {
        JsonObject state = Json.createReader(new StringReader(json)).readObject();
        runId = state.getString("runId");
        cursor = state.containsKey("cursor") ? state.getJsonNumber("cursor").longValue() : null;
        state.getJsonArray("keys").getValuesAs(JsonString.class).forEach(key -> keys.add(key.getString()));
    }

    private void write() {
        JsonArrayBuilder array = Json.createArrayBuilder();
        keys.forEach(array::add);
        JsonObjectBuilder state = Json.createObjectBuilder().add("runId", runId).add("keys", array);
        if (cursor != null) {
            state.add("cursor", cursor);
        }
        byte[] bytes = state.build().toString().getBytes(StandardCharsets.UTF_8);
        Path next = file.resolveSibling(file.getFileName() + ".next");
        try {
            try (FileChannel channel = FileChannel.open(
                    next, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(ByteBuffer.wrap(bytes));
                channel.force(true);
            }
            Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
                directory.force(true); // the rename itself survives a power cut
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}

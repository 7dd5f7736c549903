package agentmesh.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

final class Directories {

    private Directories() {}

    /** Deletes the directory and everything in it; nothing happens when it does not exist. */
    static void delete(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the directory and everything in it to {@code target}, which must not exist yet. */
    static void copy(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path from : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(from).toString());
                Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }
}

package agentmesh.system.abuse;

import static org.awaitility.Awaitility.await;

import agentmesh.stack.MeshServer;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How close the server came to running out of heap while something ran: the most heap in use after any garbage
 * collection in that time, as the server's GC log says ({@code gc.log} beside its server log), over its maximum
 * heap. The heap in use at any one moment is no such measure — a collector lets garbage fill the young generation
 * before it collects, so it reads 80 % on a server that keeps 20 %. At the end one full collection is asked for
 * ({@code jcmd GC.run}), so that what is still held then counts too, and a window without a collection is measured.
 */
final class HeapWatch {

    private static final Pattern AFTER_GC = Pattern.compile("(\\d+)M->(\\d+)M\\((\\d+)M\\)");
    private static final Pattern MAX_HEAP = Pattern.compile("Heap Max Capacity: (\\d+)([MG])");

    private final MeshServer server;
    private final Path gcLog;
    private final long start;

    /** Starts watching from now. */
    HeapWatch(MeshServer server) throws IOException {
        this.server = server;
        this.gcLog = server.serverLog().resolveSibling("gc.log");
        if (!Files.exists(gcLog)) {
            throw new IllegalStateException("no GC log at " + gcLog + ": the server is not started with -Xlog:gc");
        }
        this.start = Files.size(gcLog);
    }

    /** The highest share of the maximum heap in use after a collection, since the watch started. */
    double highestShare() throws Exception {
        long fullCollections = count("Pause Full");
        long pid = server.pid()
                .orElseThrow(() -> new IllegalStateException("the server is not running"))
                .pid();
        Process jcmd = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                        Long.toString(pid),
                        "GC.run")
                .redirectErrorStream(true)
                .start();
        jcmd.getInputStream().readAllBytes();
        if (!jcmd.waitFor(30, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + pid + " GC.run failed");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> count("Pause Full") > fullCollections);
        String since = read(start);
        long peakMegabytes = 0;
        for (Matcher after = AFTER_GC.matcher(since); after.find(); ) {
            peakMegabytes = Math.max(peakMegabytes, Long.parseLong(after.group(2)));
        }
        return peakMegabytes
                / (double) maxHeapMegabytes()
                        .orElseThrow(() ->
                                new IllegalStateException("no 'Heap Max Capacity' in " + gcLog + " (log gc+init)"));
    }

    private OptionalLong maxHeapMegabytes() throws IOException {
        Matcher max = MAX_HEAP.matcher(read(0));
        if (!max.find()) {
            return OptionalLong.empty();
        }
        long value = Long.parseLong(max.group(1));
        return OptionalLong.of(max.group(2).equals("G") ? value * 1024 : value);
    }

    private long count(String text) throws IOException {
        return read(start).lines().filter(line -> line.contains(text)).count();
    }

    private String read(long from) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(gcLog.toFile(), "r")) {
            long length = file.length();
            byte[] bytes = new byte[(int) Math.max(0, length - from)];
            file.seek(Math.min(from, length));
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }
}

package agentmesh.system.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One keep-alive HTTP/1.1 connection on a blocking socket: the benchmark's client for the mesh's load. The JDK's
 * HttpClient spent 0.9–1.25 ms of the generator's CPU per send on this machine (its executor hand-offs, flows and
 * header maps), more than the mesh's own share of some stages; a request here is one prepared byte array written
 * and one answer read, on the calling thread.
 *
 * <p>It speaks only what the mesh answers: a status line, headers, and a body by {@code Content-Length}, chunked, or
 * up to the end of the connection. Not thread-safe: one request at a time, by one thread.
 */
final class Http1Connection implements AutoCloseable {

    /** An answer's status and headers (names in lower case); its body is read from {@link #body()}. */
    record Head(int status, Map<String, String> headers) {

        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name));
        }
    }

    /** A whole answer. */
    record Answer(Head head, String body) {

        int status() {
            return head.status();
        }
    }

    /**
     * The connection had served answers and ended before this request's answer began, not closed by this side: the
     * server closed it while it was idle, so it never saw the request, and the request may go again on a new
     * connection.
     */
    static final class StaleConnectionException extends IOException {
        StaleConnectionException(IOException cause) {
            super("the server had closed the kept-alive connection", cause);
        }
    }

    // Payara closes a connection idle for 30 s; one idle this long is not used again.
    private static final long KEEP_ALIVE_NANOS = Duration.ofSeconds(20).toNanos();

    private final Socket socket;
    private final OutputStream out;
    private final BufferedInputStream in;
    private InputStream body = InputStream.nullInputStream();
    private boolean reusable = true;
    private boolean servedBefore;
    private volatile boolean closed;
    private long lastUsed = System.nanoTime();

    /** Connects, within {@code connectTimeout}; each read then waits at most {@code readTimeout}. */
    Http1Connection(URI origin, Duration connectTimeout, Duration readTimeout) throws IOException {
        socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(origin.getHost(), port(origin)), (int) connectTimeout.toMillis());
            socket.setSoTimeout((int) readTimeout.toMillis());
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** A request's bytes, made once: {@code body} null for a GET. */
    static byte[] request(String method, URI target, Map<String, String> headers, String body) {
        StringBuilder request = new StringBuilder(256 + (body == null ? 0 : body.length()));
        String path = target.getRawPath() + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery());
        request.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        request.append("Host: ")
                .append(target.getHost())
                .append(':')
                .append(port(target))
                .append("\r\n");
        headers.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            request.append("Content-Length: ").append(content.length).append("\r\n");
        }
        request.append("\r\n");
        byte[] head = request.toString().getBytes(StandardCharsets.UTF_8);
        byte[] whole = new byte[head.length + content.length];
        System.arraycopy(head, 0, whole, 0, head.length);
        System.arraycopy(content, 0, whole, head.length, content.length);
        return whole;
    }

    /** Sends the request and reads the whole answer. */
    Answer exchange(byte[] request) throws IOException {
        Head head = send(request);
        return new Answer(head, new String(body.readAllBytes(), StandardCharsets.UTF_8));
    }

    /** Sends the request and reads the answer's head; its body follows in {@link #body()}. */
    Head send(byte[] request) throws IOException {
        if (!reusable) {
            throw new IOException("the server closed this connection");
        }
        body.readAllBytes(); // what is left of the previous answer
        int first;
        try {
            out.write(request);
            out.flush();
            first = in.read();
        } catch (SocketException e) { // reset, broken pipe, or closed here: not a timeout
            throw servedBefore && !closed ? new StaleConnectionException(e) : e;
        }
        if (first < 0) {
            EOFException ended = new EOFException("the connection ended before the answer");
            throw servedBefore && !closed ? new StaleConnectionException(ended) : ended;
        }
        String statusLine = (char) first + line();
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
            throw new IOException("not an HTTP/1.1 answer: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        servedBefore = true;
        lastUsed = System.nanoTime();
        Map<String, String> headers = new HashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(
                        line.substring(0, colon).trim().toLowerCase(),
                        line.substring(colon + 1).trim());
            }
        }
        String connection = headers.getOrDefault("connection", "").toLowerCase();
        reusable =
                statusLine.startsWith("HTTP/1.1") ? !connection.contains("close") : connection.contains("keep-alive");
        if (status < 200 || status == 204 || status == 304) {
            body = new Body(false, 0);
        } else if (headers.getOrDefault("transfer-encoding", "").toLowerCase().endsWith("chunked")) {
            body = new Body(true, 0);
        } else if (headers.containsKey("content-length")) {
            body = new Body(false, Long.parseLong(headers.get("content-length")));
        } else {
            reusable = false;
            body = in;
        }
        return new Head(status, headers);
    }

    /** The body of the answer whose head {@link #send} returned. */
    InputStream body() {
        return body;
    }

    /** Whether another request may go on this connection: the server did not end it, and it has not idled long. */
    boolean reusable() {
        return reusable && !socket.isClosed() && System.nanoTime() - lastUsed < KEEP_ALIVE_NANOS;
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing to do
        }
    }

    private static int port(URI uri) {
        return uri.getPort() > 0 ? uri.getPort() : 80;
    }

    // A head's line, without its CR LF.
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("the connection ended in an answer's head");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /** An answer's body: of a known length, or chunked (an event stream is), up to the last, empty chunk. */
    private final class Body extends InputStream {
        private final boolean chunked;
        private long left; // of the body, or of the chunk being read
        private boolean ended;

        Body(boolean chunked, long length) {
            this.chunked = chunked;
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            if (ended || (left == 0 && !(chunked && nextChunk()))) {
                ended = true;
                return -1;
            }
            int read = in.read(buffer, offset, (int) Math.min(length, left));
            if (read < 0) {
                throw new EOFException("the connection ended in an answer's body");
            }
            left -= read;
            if (chunked && left == 0) {
                line(); // the chunk's CR LF
            }
            return read;
        }

        // Reads the next chunk's size; false at the last chunk, whose trailers (none that matter here) it reads too.
        private boolean nextChunk() throws IOException {
            String size = line();
            int extension = size.indexOf(';');
            left = Long.parseLong((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
            if (left > 0) {
                return true;
            }
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                // skipped
            }
            return false;
        }
    }
}

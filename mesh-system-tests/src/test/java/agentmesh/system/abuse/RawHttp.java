package agentmesh.system.abuse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Requests spoken over a plain socket, for what the JDK's client cannot do: choose the address it connects from, and
 * send a body one byte at a time.
 */
final class RawHttp {

    /** No status line came: the server closed the connection without an answer. */
    static final int CLOSED = -1;

    private RawHttp() {}

    /**
     * A POST that declares {@code declaredLength} bytes and sends one byte every {@code drip} until it is answered;
     * returns the answer's status, or {@link #CLOSED}. Gives up (as a failure) after {@code patience}.
     */
    static int drippingPost(URI uri, String token, int declaredLength, Duration drip, Duration patience)
            throws IOException {
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout((int) drip.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                            + "\r\nAuthorization: Bearer " + token + "\r\nContent-Type: application/json"
                            + "\r\nAccept: application/json, text/event-stream\r\nContent-Length: " + declaredLength
                            + "\r\n\r\n{")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder statusLine = new StringBuilder();
            long deadline = System.nanoTime() + patience.toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    int next = in.read();
                    if (next == -1) {
                        return statusLine.length() >= 12 ? status(statusLine) : CLOSED;
                    }
                    if (next == '\n') {
                        return status(statusLine);
                    }
                    statusLine.append((char) next);
                } catch (SocketTimeoutException quiet) {
                    try {
                        out.write(' ');
                        out.flush();
                    } catch (IOException closed) {
                        return statusLine.length() >= 12 ? status(statusLine) : CLOSED;
                    }
                }
            }
            throw new IllegalStateException("no answer within " + patience + " to a dripping POST " + uri);
        }
    }

    /**
     * Opens the agent's inbox event stream and reads nothing of it, with a receive buffer as small as the system
     * allows: the server's writes to it block once the socket's buffers are full. The caller closes it.
     */
    static Socket unreadStream(URI uri, String token) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(1024);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 5_000);
        socket.getOutputStream()
                .write(("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                                + "\r\nAuthorization: Bearer " + token + "\r\nAccept: text/event-stream\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
        return socket;
    }

    /** A GET from the given local address; returns the answer's status. */
    static int get(URI uri, InetAddress from, String token) throws IOException {
        try (Socket socket = new Socket(uri.getHost(), uri.getPort(), from, 0)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                                    + "\r\nAuthorization: Bearer " + token + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            return Integer.parseInt(answer.substring(9, 12));
        }
    }

    private static int status(StringBuilder statusLine) {
        return Integer.parseInt(statusLine.substring(9, 12));
    }
}

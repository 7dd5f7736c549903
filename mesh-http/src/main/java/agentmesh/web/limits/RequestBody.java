package agentmesh.web.limits;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A request body read whole, within bounds: at most {@code maxBytes}, all of it within {@code timeoutNanos} of the
 * first read, and valid UTF-8 (every body the mesh takes is JSON). Decoding strictly matters: a lenient decoder would
 * silently turn bad bytes into U+FFFD and store something the sender never sent. Each single read also ends after
 * the HTTP listener's read timeout, so a client that stops sending is noticed within that time, one that drips within
 * the deadline plus one read. A body of a declared length is read into one array of that length, up to 64 KiB (the
 * common case: a few hundred bytes, where a chunk of 64 KiB allocated and cleared per request was most of the
 * reading's cost), growing past that only as bytes come; one without a length grows from a few kilobytes.
 */
final class RequestBody {

    private static final int FIRST_CHUNK = 64 * 1024;
    private static final int UNDECLARED = 8 * 1024;

    /** Why a body was refused, with the status that says so. */
    static final class Refused extends Exception {

        final int status;
        final String type;
        final String title;

        Refused(int status, String type, String title, String detail) {
            super(detail, null, false, false);
            this.status = status;
            this.type = type;
            this.title = title;
        }
    }

    private RequestBody() {}

    static Refused tooLarge(long maxBytes) {
        return new Refused(
                413,
                "body-too-large",
                "Request body too large",
                "The request body is larger than the limit of " + maxBytes + " bytes");
    }

    /** Reads the body, {@code declared} bytes long ({@code -1}: not declared, as in chunked coding). */
    static byte[] read(InputStream in, long declared, int maxBytes, long timeoutNanos) throws Refused {
        long deadline = System.nanoTime() + timeoutNanos;
        // At most 64 KiB ahead of the bytes received, whatever the length declared: a megabyte that never comes
        // holds no megabyte.
        byte[] body = new byte[(int) Math.min(declared >= 0 ? Math.min(declared, FIRST_CHUNK) : UNDECLARED, maxBytes)];
        int size = 0;
        try {
            while (true) {
                if (size < body.length) {
                    int read = in.read(body, size, body.length - size);
                    if (read == -1) {
                        break;
                    }
                    size += read;
                } else {
                    int next = in.read(); // the end, or more than the array holds
                    if (next == -1) {
                        break;
                    }
                    if (size >= maxBytes) {
                        throw tooLarge(maxBytes);
                    }
                    body = Arrays.copyOf(body, (int) Math.min(Math.max(2L * size, size + 1L), maxBytes));
                    body[size++] = (byte) next;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw tooSlow(timeoutNanos);
                }
            }
        } catch (IOException e) {
            throw tooSlow(timeoutNanos); // a single read timed out, or the client went away mid-body
        }
        byte[] bytes = size == body.length ? body : Arrays.copyOf(body, size);
        requireUtf8(bytes);
        return bytes;
    }

    private static void requireUtf8(byte[] bytes) throws Refused {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new Refused(400, "malformed-body", "Malformed request body", "The body is not valid UTF-8");
        }
    }

    private static Refused tooSlow(long timeoutNanos) {
        return new Refused(
                408,
                "body-too-slow",
                "Request body too slow",
                "The request body did not arrive within " + timeoutNanos / 1_000_000 + " ms");
    }
}

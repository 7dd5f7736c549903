package agentmesh.web.limits;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A request body read whole, within bounds: at most {@code maxBytes}, all of it within {@code timeoutNanos} of the
 * first read, and valid UTF-8 (every body the mesh takes is JSON). Decoding strictly matters: a lenient decoder would
 * silently turn bad bytes into U+FFFD and store something the sender never sent. Each single read also ends after
 * the HTTP listener's read timeout, so a client that stops sending is noticed within that time, one that drips within
 * the deadline plus one read.
 */
final class RequestBody {

    private static final int CHUNK = 64 * 1024;

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

    static byte[] read(InputStream in, int maxBytes, long timeoutNanos) throws Refused {
        long deadline = System.nanoTime() + timeoutNanos;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] chunk = new byte[CHUNK];
        try {
            for (int read; (read = in.read(chunk)) != -1; ) {
                body.write(chunk, 0, read);
                if (body.size() > maxBytes) {
                    throw tooLarge(maxBytes);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw tooSlow(timeoutNanos);
                }
            }
        } catch (IOException e) {
            throw tooSlow(timeoutNanos); // a single read timed out, or the client went away mid-body
        }
        byte[] bytes = body.toByteArray();
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

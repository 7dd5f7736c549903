package agentmesh.web.limits;

import agentmesh.web.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads every request body of an authenticated, routed request before the resource does, and refuses it unless it
 * is at most {@code mesh.http.max-body-bytes} (1 MiB by default) → 413, arrives within
 * {@code mesh.http.body-read-timeout-ms} (10 s) → 408, and is valid UTF-8 → 400. A declared Content-Length over the
 * cap is refused before a byte is read. Runs after authentication: a caller without a valid token never gets a
 * byte read. The deadline frees the worker a slow upload would hold (each single read also ends after the HTTP
 * listener's read timeout, see {@code server-config/payara/setup.asadmin}). Decoding strictly matters: a lenient
 * decoder would silently turn bad bytes into U+FFFD and store something the sender never sent.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
public class BodySizeLimit implements ContainerRequestFilter {

    private static final int CHUNK = 64 * 1024;

    @Inject
    @ConfigProperty(name = "mesh.http.max-body-bytes", defaultValue = "1048576")
    int maxBodyBytes;

    @Inject
    @ConfigProperty(name = "mesh.http.body-read-timeout-ms", defaultValue = "10000")
    long readTimeoutMillis;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > maxBodyBytes) {
            throw new BodyTooLargeException(maxBodyBytes);
        }
        if (!request.hasEntity()) {
            return;
        }
        byte[] body = readAtMost(request.getEntityStream(), maxBodyBytes, System.nanoTime()
                + readTimeoutMillis * 1_000_000);
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw new WebApplicationException(Problem.of(400, "malformed-body", "Malformed request body",
                    "The body is not valid UTF-8").response().build());
        }
        request.setEntityStream(new ByteArrayInputStream(body));
    }

    private byte[] readAtMost(InputStream in, int limit, long deadline) {
        try {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            byte[] chunk = new byte[CHUNK];
            for (int read; (read = in.read(chunk)) != -1; ) {
                body.write(chunk, 0, read);
                if (body.size() > limit) {
                    throw new BodyTooLargeException(limit);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw tooSlow();
                }
            }
            return body.toByteArray();
        } catch (IOException e) {
            throw tooSlow(); // a single read timed out, or the client went away mid-body
        }
    }

    private WebApplicationException tooSlow() {
        return new WebApplicationException(Problem.of(408, "body-too-slow", "Request body too slow",
                "The request body did not arrive within " + readTimeoutMillis + " ms").response()
                .header("Connection", "close").build());
    }
}

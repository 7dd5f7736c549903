package agentmesh.web.limits;

import agentmesh.web.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads every request body before anything else does, and refuses it unless it is at most
 * {@code mesh.http.max-body-bytes} (1 MiB by default) → 413, and valid UTF-8 → 400. A declared Content-Length over
 * the cap is refused before a byte is read. Decoding strictly matters: a lenient decoder would silently turn bad
 * bytes into U+FFFD and store something the sender never sent.
 */
@Provider
@PreMatching
@Priority(Priorities.HEADER_DECORATOR)
public class BodySizeLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "mesh.http.max-body-bytes", defaultValue = "1048576")
    int maxBodyBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > maxBodyBytes) {
            throw new BodyTooLargeException(maxBodyBytes);
        }
        if (!request.hasEntity()) {
            return;
        }
        byte[] body = readAtMost(request.getEntityStream(), maxBodyBytes);
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

    private static byte[] readAtMost(InputStream in, int limit) {
        try {
            byte[] body = in.readNBytes(limit + 1);
            if (body.length > limit) {
                throw new BodyTooLargeException(limit);
            }
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package agentmesh.web.limits;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Caps request bodies (1 MiB by default): a declared Content-Length over the cap is refused before anything is read,
 * and a body without one (chunked) is cut off as soon as it passes the cap.
 */
@Provider
@PreMatching
@Priority(Priorities.HEADER_DECORATOR)
public class BodySizeLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "mesh.http.max-body-bytes", defaultValue = "1048576")
    long maxBodyBytes;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > maxBodyBytes) {
            throw new BodyTooLargeException(maxBodyBytes);
        }
        request.setEntityStream(new LimitedInputStream(request.getEntityStream(), maxBodyBytes));
    }

    private static final class LimitedInputStream extends FilterInputStream {
        private final long limit;
        private long read;

        LimitedInputStream(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
        }
    }
}

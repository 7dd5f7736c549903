package agentmesh.web.limits;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;

/**
 * A response that counts the bytes of its body written through its output stream before the request is done with
 * (what every answer of the API and the A2A facade is written with; an asynchronous request's later writes go to the
 * response it started with, and its streams are bounded by count instead).
 */
final class CountingResponse extends HttpServletResponseWrapper {

    private long bytes;
    private ServletOutputStream stream;

    CountingResponse(HttpServletResponse response) {
        super(response);
    }

    long bytes() {
        return bytes;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            ServletOutputStream out = super.getOutputStream();
            stream = new ServletOutputStream() {
                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    bytes++;
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    out.write(buffer, offset, length);
                    bytes += length;
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    out.close();
                }

                @Override
                public boolean isReady() {
                    return out.isReady();
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    out.setWriteListener(listener);
                }
            };
        }
        return stream;
    }
}

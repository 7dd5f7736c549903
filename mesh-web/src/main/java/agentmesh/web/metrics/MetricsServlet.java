package agentmesh.web.metrics;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.web.ProblemResponses;
import jakarta.inject.Inject;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The mesh's metrics for Prometheus at {@code /mesh/metrics}, the same on every server; the server's own (JVM,
 * pools) stay at its {@code /metrics}. Like the servers' metrics endpoints it asks for no token: keep it inside, as
 * they are. Anything but GET (and HEAD) is refused as a problem document.
 */
@WebServlet("/metrics")
public class MetricsServlet extends HttpServlet {

    @Inject
    MeshMeters meters;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] text = meters.scrape().getBytes(StandardCharsets.UTF_8);
        response.setContentType(MeshMeters.MEDIA_TYPE);
        response.setContentLength(text.length);
        response.getOutputStream().write(text);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        String method = request.getMethod();
        if ("GET".equals(method) || "HEAD".equals(method)) {
            super.service(request, response);
            return;
        }
        response.setHeader("Allow", "GET, HEAD");
        ProblemResponses.write(response, 405, "method-not-allowed", "Method not allowed", "The metrics are read");
    }
}

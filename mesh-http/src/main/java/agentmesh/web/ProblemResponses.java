package agentmesh.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Problem documents written by servlet filters, outside JAX-RS and its exception mappers. */
public final class ProblemResponses {

    private ProblemResponses() {}

    /** The details written here are the filters' own text, agent ids and addresses: nothing that needs escaping. */
    public static void write(HttpServletResponse response, int status, String type, String title, String detail)
            throws IOException {
        byte[] body = ("{\"type\":\"https://agent-mesh.dev/problems/" + type + "\",\"title\":\"" + title
                        + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}

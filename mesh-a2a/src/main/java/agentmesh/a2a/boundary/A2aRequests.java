package agentmesh.a2a.boundary;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** What both bindings read of a request the same way: the version asked for and the body. */
final class A2aRequests {

    static final String VERSION_HEADER = "A2A-Version";

    private A2aRequests() {}

    /** The header, else the query parameter the specification allows instead of it. */
    static String versionAsked(HttpServletRequest request) {
        String header = request.getHeader(VERSION_HEADER);
        return header != null ? header : request.getParameter(VERSION_HEADER);
    }

    /** The body, read at the door within its bounds ({@code AgentGate}). */
    static String body(HttpServletRequest request) throws IOException {
        try (InputStream in = request.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

package agentmesh.a2a.boundary;

import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writing A2A answers: one JSON body, or the events of a Server-Sent Events stream. */
final class A2aResponses {

    private A2aResponses() {}

    static void json(HttpServletResponse response, int status, JsonValue body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    static void startStream(HttpServletResponse response) throws IOException {
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Accel-Buffering", "no");
        response.flushBuffer();
    }

    static void event(HttpServletResponse response, JsonValue data) throws IOException {
        write(response, "data: " + data + "\n\n");
    }

    /** A comment line: keeps the connection in use, and fails when the client has gone. */
    static void comment(HttpServletResponse response) throws IOException {
        write(response, ": keep-alive\n\n");
    }

    private static void write(HttpServletResponse response, String text) throws IOException {
        OutputStream out = response.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}

package agentmesh.mcp.boundary;

import agentmesh.json.MeshJson;
import agentmesh.web.security.Caller;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The MCP library's servlet, behind a cap on the sessions it keeps ({@link McpSessions}): the session an
 * {@code initialize} opens is noted with its agent, and the sessions past a cap are closed as their clients would
 * close them, by a DELETE of the session to the library (answered to no one); so are the sessions of a rotated
 * token, and a request in one of those is answered 404 as in a session that is gone (the client opens another).
 * Its request's body was read at the door, so reading it here to see whether it is an {@code initialize} costs no
 * wait.
 */
final class McpSessionCap extends AroundLibrary {

    static final String SESSION_HEADER = "Mcp-Session-Id";

    private final McpSessions sessions;

    McpSessionCap(HttpServlet library, McpSessions sessions) {
        super(library);
        this.sessions = sessions;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String sessionId = request.getHeader(SESSION_HEADER);
        boolean revoked = sessionId != null && sessions.isRevoked(sessionId);
        for (String old : sessions.takeRevoked()) {
            library.service(new Deleting(request, old), new Unanswered(response));
        }
        if (revoked) {
            McpEnvelope.answerError(
                    response,
                    HttpServletResponse.SC_NOT_FOUND,
                    McpEnvelope.INVALID_REQUEST,
                    "Session not found: it ended when its token was rotated");
            return;
        }
        if (request.getMethod().equals("DELETE")) {
            library.service(request, response);
            if (sessionId != null) {
                sessions.closed(sessionId);
            }
            return;
        }
        if (!request.getMethod().equals("POST") || !isInitialize(request)) {
            library.service(request, response);
            return;
        }
        SessionIdOfAnswer opening = new SessionIdOfAnswer(response);
        library.service(request, opening);
        if (opening.sessionId != null) {
            Caller caller = (Caller) request.getAttribute(Caller.class.getName()); // found by AgentGate
            for (String old : sessions.opened(caller.name(), caller.tokenHash(), opening.sessionId)) {
                library.service(new Deleting(request, old), new Unanswered(response));
            }
        }
    }

    private static boolean isInitialize(HttpServletRequest request) throws IOException {
        String body;
        try (InputStream in = request.getInputStream()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!body.contains("\"initialize\"")) {
            return false;
        }
        try {
            JsonObject message = MeshJson.readObject(body);
            return "initialize".equals(message.getString("method", ""));
        } catch (JsonException | ClassCastException e) {
            return false; // the envelope's check lets no such body through; the library answers it as it will
        }
    }

    /** The answer, with the session id the library gives it noted on its way out. */
    private static final class SessionIdOfAnswer extends HttpServletResponseWrapper {

        String sessionId;

        SessionIdOfAnswer(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setHeader(String name, String value) {
            note(name, value);
            super.setHeader(name, value);
        }

        @Override
        public void addHeader(String name, String value) {
            note(name, value);
            super.addHeader(name, value);
        }

        private void note(String name, String value) {
            if (SESSION_HEADER.equalsIgnoreCase(name)) {
                sessionId = value;
            }
        }
    }

    /** A client's DELETE of a session, made by the server itself. */
    private static final class Deleting extends HttpServletRequestWrapper {

        private final String sessionId;

        Deleting(HttpServletRequest request, String sessionId) {
            super(request);
            this.sessionId = sessionId;
        }

        @Override
        public String getMethod() {
            return "DELETE";
        }

        @Override
        public String getHeader(String name) {
            return SESSION_HEADER.equalsIgnoreCase(name) ? sessionId : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return SESSION_HEADER.equalsIgnoreCase(name)
                    ? Collections.enumeration(List.of(sessionId))
                    : super.getHeaders(name);
        }
    }

    /** An answer that goes nowhere: the DELETE of a capped session is the server's, not a client's. */
    private static final class Unanswered extends HttpServletResponseWrapper {

        private final ServletOutputStream nowhere = new ServletOutputStream() {
            @Override
            public void write(int b) {
                // dropped
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                // never called for a response nobody reads
            }
        };

        Unanswered(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return nowhere;
        }

        @Override
        public PrintWriter getWriter() {
            return new PrintWriter(OutputStream.nullOutputStream());
        }

        @Override
        public void setStatus(int status) {
            // not the client's answer
        }

        @Override
        public void sendError(int status, String message) {
            // not the client's answer
        }

        @Override
        public void sendError(int status) {
            // not the client's answer
        }

        @Override
        public void setHeader(String name, String value) {
            // not the client's answer
        }

        @Override
        public void addHeader(String name, String value) {
            // not the client's answer
        }

        @Override
        public void setContentType(String type) {
            // not the client's answer
        }

        @Override
        public void setCharacterEncoding(String encoding) {
            // not the client's answer
        }

        @Override
        public void flushBuffer() {
            // not the client's answer
        }

        @Override
        public boolean isCommitted() {
            return false;
        }
    }
}

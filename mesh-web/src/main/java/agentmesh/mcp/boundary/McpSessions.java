package agentmesh.mcp.boundary;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MCP sessions each agent has opened, oldest first: at most {@code perAgent} an agent and {@code perServer} in
 * all. The MCP library keeps a session until it is deleted or has been unused for its sweep interval; without a
 * cap one agent initializing in a loop (50 a second within its rate) would pile up tens of thousands. A session
 * opened past a cap closes the oldest — the agent's own, or past the server's cap the oldest of all — as a new
 * stream closes an agent's oldest: a client that opens a session again without closing its last is not refused.
 * A session opened with a token that has since been rotated is over too: it is closed at the next request that
 * passes (any agent's — closing it takes a request to the library), and its own requests are answered as for a
 * session that is gone.
 */
final class McpSessions {

    private final int perAgent;
    private final int perServer;
    private final Map<String, Deque<String>> byAgent = new HashMap<>();
    private final LinkedHashMap<String, String> agentOfSession = new LinkedHashMap<>();
    private final Map<String, String> tokenOfSession = new HashMap<>();
    private final Set<String> revoked = new HashSet<>();

    McpSessions(int perAgent, int perServer) {
        this.perAgent = perAgent;
        this.perServer = perServer;
    }

    /**
     * The agent opened a session with the token of this hash: returns the sessions to close now, to keep within the
     * caps.
     */
    synchronized List<String> opened(String agentId, String tokenHash, String sessionId) {
        List<String> toClose = new ArrayList<>();
        Deque<String> own = byAgent.computeIfAbsent(agentId, id -> new ArrayDeque<>());
        own.addLast(sessionId);
        agentOfSession.put(sessionId, agentId);
        tokenOfSession.put(sessionId, tokenHash);
        while (own.size() > perAgent) {
            toClose.add(forget(own.peekFirst()));
        }
        while (agentOfSession.size() > perServer) {
            toClose.add(forget(agentOfSession.keySet().iterator().next()));
        }
        return toClose;
    }

    /** The session is over (closed by its client or by a cap). */
    synchronized void closed(String sessionId) {
        forget(sessionId);
    }

    /** The agent's token is now the one of this hash: its sessions opened with another are over. */
    synchronized void rotated(String agentId, String tokenHash) {
        for (String sessionId : byAgent.getOrDefault(agentId, new ArrayDeque<>())) {
            if (!tokenHash.equals(tokenOfSession.get(sessionId))) {
                revoked.add(sessionId);
            }
        }
    }

    synchronized boolean isRevoked(String sessionId) {
        return revoked.contains(sessionId);
    }

    /** The revoked sessions, forgotten here: the caller closes them in the library. */
    synchronized List<String> takeRevoked() {
        List<String> toClose = new ArrayList<>(revoked);
        toClose.forEach(this::forget);
        return toClose;
    }

    synchronized int open() {
        return agentOfSession.size();
    }

    private String forget(String sessionId) {
        tokenOfSession.remove(sessionId);
        revoked.remove(sessionId);
        String agentId = agentOfSession.remove(sessionId);
        if (agentId != null) {
            Deque<String> own = byAgent.get(agentId);
            own.remove(sessionId);
            if (own.isEmpty()) {
                byAgent.remove(agentId);
            }
        }
        return sessionId;
    }
}

package agentmesh.agent.boundary;

import agentmesh.agent.control.AgentView;

import java.util.List;

/** A page of agents; {@code nextCursor} (the last id) fetches the next page, null on the last one. */
public record AgentPage(List<AgentView> agents, String nextCursor) {
}

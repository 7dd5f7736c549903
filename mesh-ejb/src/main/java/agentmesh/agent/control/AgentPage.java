package agentmesh.agent.control;

import java.util.List;

/** A page of agents; {@code nextCursor} fetches the next page, null on the last one. */
public record AgentPage(List<AgentView> agents, String nextCursor) {}

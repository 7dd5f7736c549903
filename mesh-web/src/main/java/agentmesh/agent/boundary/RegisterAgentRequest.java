package agentmesh.agent.boundary;

import agentmesh.web.Ids;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

public record RegisterAgentRequest(
        @NotNull @Pattern(regexp = Ids.AGENT_ID, message = "must be 3-128 characters of [A-Za-z0-9._@-]")
        String agentId,
        @Size(max = 200) String displayName) {
}

package agentmesh.agent.boundary;

import agentmesh.web.Ids;
import agentmesh.web.Text;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

public record RegisterAgentRequest(
        @NotNull @Pattern(regexp = Ids.AGENT_ID, message = "must be 3-128 characters of [A-Za-z0-9._@-]")
        String agentId,

        @Text(max = 200) String displayName) {}

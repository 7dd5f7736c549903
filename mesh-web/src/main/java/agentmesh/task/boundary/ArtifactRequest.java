package agentmesh.task.boundary;

import agentmesh.parts.boundary.ValidParts;
import agentmesh.web.Ids;
import agentmesh.web.Text;
import jakarta.json.JsonArray;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** The body of {@code POST /tasks/{id}/artifacts}; its size is capped like a message's (the body limit). */
public record ArtifactRequest(
        @Pattern(regexp = Ids.MESSAGE_ID, message = "must be 1-200 characters of [A-Za-z0-9._@:-]")
        String artifactId,

        @NotNull @Text(max = 200, blank = false) String name,
        @ValidParts JsonArray parts) {}

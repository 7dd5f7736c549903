package agentmesh.task.boundary;

import agentmesh.parts.boundary.ValidParts;
import agentmesh.web.Ids;
import jakarta.json.JsonArray;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /tasks/{id}/artifacts}; its size is capped like a message's (the body limit). */
public record ArtifactRequest(
        @Pattern(regexp = Ids.MESSAGE_ID, message = "must be 1-200 characters of [A-Za-z0-9._@:-]") String artifactId,
        @NotBlank @Size(max = 200) String name,
        @ValidParts JsonArray parts) {
}

package agentmesh.messaging.boundary;

import agentmesh.parts.boundary.ValidParts;
import agentmesh.web.Ids;
import jakarta.json.JsonArray;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** The body of {@code POST /messages}. */
public record SendMessageRequest(
        @Pattern(regexp = Ids.MESSAGE_ID, message = "must be 1-200 characters of [A-Za-z0-9._@:-]")
        String messageId,

        @NotNull @Pattern(regexp = Ids.AGENT_ID, message = "must be 3-128 characters of [A-Za-z0-9._@-]")
        String to,

        @Pattern(regexp = Ids.TASK_ID, message = "must be 1-64 characters of [A-Za-z0-9._:-]")
        String taskId,

        @Pattern(regexp = Ids.CONTEXT_ID, message = "must be 1-64 characters of [A-Za-z0-9._:-]")
        String contextId,

        @ValidParts JsonArray parts) {}

package agentmesh.task.boundary;

import agentmesh.web.Text;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** The body of {@code POST /tasks/{id}/status}. Cancel has its own route. */
public record StatusChangeRequest(
        @NotNull
        @Pattern(
                regexp = "submitted|working|input-required|auth-required|completed|failed|rejected",
                message = "must be one of working, input-required, auth-required, completed, failed, rejected")
        String state,

        @Text(max = 500) String reason) {}

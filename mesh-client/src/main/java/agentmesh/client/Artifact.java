package agentmesh.client;

import java.time.Instant;
import java.util.List;

/** An artifact of a task: a named result made of parts. */
public record Artifact(String artifactId, String name, List<Part> parts, Instant createdAt) {}

package agentmesh.web.api;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The HTTP API, version 1: {@code /mesh/api/v1}. Resources and providers are discovered. */
@ApplicationPath("api/v1")
public class MeshApplication extends Application {}

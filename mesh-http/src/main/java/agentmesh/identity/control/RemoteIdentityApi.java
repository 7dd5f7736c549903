package agentmesh.identity.control;

import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The remote identity service's contract: {@code GET {url}/can-communicate?from=a&to=b} →
 * {@code {"allowed": true|false}}. Called through MicroProfile REST Client.
 */
@Path("can-communicate")
public interface RemoteIdentityApi {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    JsonObject canCommunicate(@QueryParam("from") String from, @QueryParam("to") String to);
}

package agentmesh.openapi;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * Completes the document that the server derives from the resources: the title, the two bearer schemes (admin and
 * agent) with each operation's requirement, the problem details schema and the errors every operation may answer,
 * and examples of the two requests a newcomer makes first. Registered by {@code mp.openapi.filter}; the contract in
 * prose is {@code docs/API.md}. It lives here, not in the web module, because Payara reads the filter through the
 * application's class loader, which in the EAR does not see the web module's classes (WildFly needs the API added
 * to this module: the EAR's {@code jboss-deployment-structure.xml}).
 */
public class MeshOpenApi implements OASFilter {

    private static final String API = "/api/v1/";
    private static final String ADMIN = "admin";
    private static final String AGENT = "agent";
    private static final String PROBLEM_REF = "#/components/schemas/Problem";
    private static final String PROBLEM_MEDIA_TYPE = "application/problem+json";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        openAPI.info(OASFactory.createInfo()
                .title("Agent Mesh")
                .version("v1")
                .description("Reliable messaging"
                        + " between AI agents: every accepted message reaches its recipient exactly once and in order."
                        + " Errors are application/problem+json (RFC 9457)."));
        Components components =
                openAPI.getComponents() != null ? openAPI.getComponents() : OASFactory.createComponents();
        openAPI.components(components);
        components.addSecurityScheme(
                AGENT,
                bearer("The agent's token, returned once when an admin registers the"
                        + " agent (or rotates its token)."));
        components.addSecurityScheme(ADMIN, bearer("The admin token from configuration (MESH_ADMIN_TOKEN)."));
        components.addSchema("Problem", problemSchema());
        if (openAPI.getPaths() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith(API)) {
                item.getOperations().forEach((method, operation) -> complete(path, method, operation));
            }
        });
    }

    private static void complete(String path, PathItem.HttpMethod method, Operation operation) {
        boolean admin = path.startsWith(API + "admin/");
        operation.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(admin ? ADMIN : AGENT));
        APIResponses responses =
                operation.getResponses() != null ? operation.getResponses() : OASFactory.createAPIResponses();
        operation.responses(responses);
        Map<String, String> errors = new LinkedHashMap<>();
        errors.put("400", "Invalid input: the problem's errors name each field");
        errors.put("401", "No token, or not a valid one");
        errors.put("403", admin ? "Not the admin token" : "A valid token acting for another agent");
        if (path.contains("{")) {
            errors.put("404", "No such resource");
        }
        if (!admin) {
            errors.put("429", "Over the agent's rate; Retry-After says when to try again");
        }
        errors.put("503", "Over capacity or a dependency unavailable; Retry-After says when to try again");
        errors.forEach((status, description) -> {
            if (responses.getAPIResponse(status) == null) {
                responses.addAPIResponse(status, problem(description));
            }
        });
        if (path.equals(API + "messages") && method == PathItem.HttpMethod.POST) {
            responses.addAPIResponse("409", problem("The messageId was used by this sender for other content"));
            responses.addAPIResponse("413", problem("The message is larger than the mesh accepts"));
            example(
                    operation,
                    "{\"messageId\":\"m-7f3c\",\"to\":\"bob-coder@example\",\"parts\":[{\"kind\":\"text\","
                            + "\"text\":\"Please review PR 42\"}]}");
        }
        if (path.equals(API + "admin/agents") && method == PathItem.HttpMethod.POST) {
            responses.addAPIResponse("409", problem("An agent with this id exists"));
            example(operation, "{\"agentId\":\"bob-coder@example\",\"displayName\":\"Bob\"}");
        }
    }

    private static SecurityScheme bearer(String description) {
        return OASFactory.createSecurityScheme()
                .type(SecurityScheme.Type.HTTP)
                .scheme("bearer")
                .description(description);
    }

    private static APIResponse problem(String description) {
        return OASFactory.createAPIResponse()
                .description(description)
                .content(OASFactory.createContent()
                        .addMediaType(
                                PROBLEM_MEDIA_TYPE,
                                OASFactory.createMediaType()
                                        .schema(OASFactory.createSchema().ref(PROBLEM_REF))));
    }

    private static void example(Operation operation, String json) {
        if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
            return;
        }
        operation.getRequestBody().getContent().getMediaTypes().values().forEach(media -> media.example(json));
    }

    /**
     * A schema of one type. {@code Schema.type(SchemaType)} of MicroProfile OpenAPI 3.1 (Payara 6) became
     * {@code addType(SchemaType)} in 4.0 (WildFly 38): one EAR runs on both, so the method is looked up.
     */
    private static Schema typed(Schema.SchemaType type) {
        Schema schema = OASFactory.createSchema();
        for (String setter : new String[] {"type", "addType"}) {
            try {
                Schema.class.getMethod(setter, Schema.SchemaType.class).invoke(schema, type);
                return schema;
            } catch (NoSuchMethodException e) {
                // the other version's name
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot set a schema's type", e);
            }
        }
        throw new IllegalStateException("MicroProfile OpenAPI offers no way to set a schema's type");
    }

    private static Schema problemSchema() {
        Schema text = typed(Schema.SchemaType.STRING);
        Schema fieldError =
                typed(Schema.SchemaType.OBJECT).addProperty("field", text).addProperty("message", text);
        return typed(Schema.SchemaType.OBJECT)
                .description("RFC 9457 problem details")
                .addProperty(
                        "type",
                        typed(Schema.SchemaType.STRING).example("https://agent-mesh.dev/problems/invalid-request"))
                .addProperty("title", text)
                .addProperty("status", typed(Schema.SchemaType.INTEGER))
                .addProperty("detail", text)
                .addProperty("errors", typed(Schema.SchemaType.ARRAY).items(fieldError));
    }
}

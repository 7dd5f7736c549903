package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.agent.control.AgentDescription;
import agentmesh.json.MeshJson;
import agentmesh.web.MeshVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentCardsTest {

    private static final String ADDRESS = "https://mesh.example/mesh/a2a/alice";
    // The 0.3 fields the 1.0 card carries beside its own, which 1.0 readers ignore (specification 5.7).
    private static final Set<String> FIELDS_OF_03 =
            Set.of("url", "preferredTransport", "protocolVersion", "additionalInterfaces");

    @Test
    void the10CardIsValidAgainstThe10JsonMappingWithNoFieldItDoesNotDefine() {
        assertEquals(List.of(), A2a10Json.violations("AgentCard", card(AgentCards.View.V1_0), Set.of()));
    }

    @Test
    void theUnversionedCardIsThe10CardWithThe03FieldsBesideIt() {
        JsonObject combined = card(AgentCards.View.V1_0_WITH_0_3_FIELDS);
        assertEquals(List.of(), A2a10Json.violations("AgentCard", combined, FIELDS_OF_03));
        assertFalse(
                A2a10Json.violations("AgentCard", combined, Set.of()).isEmpty(), "the 0.3 fields are unknown to 1.0");
        assertEquals(ADDRESS, combined.getString("url"));
        assertEquals("0.3.0", combined.getString("protocolVersion"));
        JsonObject strict = card(AgentCards.View.V1_0);
        FIELDS_OF_03.forEach(field -> assertFalse(strict.containsKey(field), field));
        strict.forEach((name, value) -> assertEquals(value, combined.get(name), name));
    }

    @Test
    void aRequestReadsTheCardOfTheVersionItNamesAndTheUnversionedOneWhenItNamesNone() {
        AgentCards.View unversioned = AgentCards.View.unversioned("combined");
        assertEquals(AgentCards.View.V1_0_WITH_0_3_FIELDS, unversioned);
        assertEquals(unversioned, AgentCards.View.of(null, unversioned));
        assertEquals(AgentCards.View.V1_0, AgentCards.View.of(A2aVersion.V1_0, unversioned));
        assertEquals(AgentCards.View.V0_3, AgentCards.View.of(A2aVersion.V0_3, unversioned));
        assertEquals(AgentCards.View.V1_0, AgentCards.View.of(null, AgentCards.View.unversioned(" 1.0")));
        assertThrows(IllegalArgumentException.class, () -> AgentCards.View.unversioned("0.3"));
    }

    @Test
    void the10CardWithAnAdminsSkillsIsValidToo() {
        AgentDescription described = new AgentDescription(
                "alice",
                "Alice",
                "Reviews pull requests",
                MeshJson.array()
                        .add(MeshJson.object()
                                .add("id", "review")
                                .add("name", "Review")
                                .add("description", "Reviews a pull request")
                                .add("tags", MeshJson.array().add("code"))
                                .add("examples", MeshJson.array().add("Review PR 42")))
                        .build(),
                null);
        JsonObject card = AgentCards.card(described, ADDRESS, AgentCards.View.V1_0);
        assertEquals(List.of(), A2a10Json.violations("AgentCard", card, Set.of()));
    }

    @Test
    void eachSecuritySchemeOfThe10CardHasExactlyOneMember() {
        JsonObject schemes = card(AgentCards.View.V1_0).getJsonObject("securitySchemes");
        schemes.values()
                .forEach(scheme -> assertEquals(
                        Set.of("httpAuthSecurityScheme"), scheme.asJsonObject().keySet()));
        assertEquals(
                "bearer",
                schemes.getJsonObject("meshBearer")
                        .getJsonObject("httpAuthSecurityScheme")
                        .getString("scheme"));
    }

    @Test
    void withAnOidcProviderBothCardsOfferItsJwtsBesideTheMeshTokens() {
        String discovery = "https://id.example/realms/mesh/.well-known/openid-configuration";
        JsonObject v10 = AgentCards.card(
                new AgentDescription("alice", "Alice", null, JsonValue.EMPTY_JSON_ARRAY, null),
                ADDRESS,
                AgentCards.View.V1_0,
                Optional.of(discovery));
        assertEquals(List.of(), A2a10Json.violations("AgentCard", v10, Set.of()));
        assertEquals(
                discovery,
                v10.getJsonObject("securitySchemes")
                        .getJsonObject("oidc")
                        .getJsonObject("openIdConnectSecurityScheme")
                        .getString("openIdConnectUrl"));
        assertEquals(2, v10.getJsonArray("securityRequirements").size(), "either scheme will do");
        JsonObject v03 = AgentCards.card(
                new AgentDescription("alice", "Alice", null, JsonValue.EMPTY_JSON_ARRAY, null),
                ADDRESS,
                AgentCards.View.V0_3,
                Optional.of(discovery));
        JsonObject scheme03 = v03.getJsonObject("securitySchemes").getJsonObject("oidc");
        assertEquals("openIdConnect", scheme03.getString("type"));
        assertEquals(discovery, scheme03.getString("openIdConnectUrl"));
        assertEquals(2, v03.getJsonArray("security").size());
        assertFalse(card(AgentCards.View.V1_0).getJsonObject("securitySchemes").containsKey("oidc"));
    }

    @Test
    void theValidatorRefusesASchemeThatMixesTheVersions() {
        JsonObject card = card(AgentCards.View.V1_0);
        JsonObject mixed = MeshJson.object()
                .add(
                        "meshBearer",
                        MeshJson.object()
                                .add("httpAuthSecurityScheme", MeshJson.object().add("scheme", "bearer"))
                                .add("type", "http")
                                .add("scheme", "bearer"))
                .build();
        JsonObject broken = copyWith(card, "securitySchemes", mixed);
        assertFalse(A2a10Json.violations("AgentCard", broken, FIELDS_OF_03).isEmpty());
        assertFalse(
                A2a10Json.violations("AgentCard", copyWith(card, "skills", JsonValue.EMPTY_JSON_ARRAY), FIELDS_OF_03)
                        .isEmpty());
    }

    @Test
    void the10CardListsEveryInterfaceWithTheVersionsTheFacadeSpeaks() {
        JsonArray interfaces = card(AgentCards.View.V1_0).getJsonArray("supportedInterfaces");
        assertEquals(
                List.of(
                        "JSONRPC " + A2aVersion.V1_0.wireName(),
                        "HTTP+JSON " + A2aVersion.V1_0.wireName(),
                        "JSONRPC " + A2aVersion.V0_3.wireName()),
                interfaces.stream()
                        .map(JsonValue::asJsonObject)
                        .map(i -> i.getString("protocolBinding") + " " + i.getString("protocolVersion"))
                        .toList());
        assertEquals(List.of("1.0", "0.3"), List.of(A2aVersion.V1_0.wireName(), A2aVersion.V0_3.wireName()));
        assertTrue(interfaces.stream()
                .allMatch(i -> i.asJsonObject().getString("url").equals(ADDRESS)));
    }

    @Test
    void theMeshsVersionInTheCardIsTheBuildsVersion() {
        String version = card(AgentCards.View.V1_0).getString("version");
        assertEquals(MeshVersion.current(), version);
        assertFalse(version.contains("${"), "build.properties was filtered by the build");
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), version);
        assertEquals(version, card(AgentCards.View.V0_3).getString("version"));
    }

    @Test
    void the03CardHasThe03SchemesSecurityAndEndpoint() {
        JsonObject card = card(AgentCards.View.V0_3);
        assertEquals(
                "http",
                card.getJsonObject("securitySchemes")
                        .getJsonObject("meshBearer")
                        .getString("type"));
        assertEquals(
                "bearer",
                card.getJsonObject("securitySchemes")
                        .getJsonObject("meshBearer")
                        .getString("scheme"));
        assertEquals(ADDRESS, card.getString("url"));
        assertEquals("JSONRPC", card.getString("preferredTransport"));
        assertEquals("0.3.0", card.getString("protocolVersion"));
        assertTrue(card.containsKey("security"));
        assertFalse(card.containsKey("supportedInterfaces"));
        assertFalse(card.containsKey("securityRequirements"));
        for (String required : List.of(
                "name",
                "description",
                "version",
                "capabilities",
                "defaultInputModes",
                "defaultOutputModes",
                "skills")) {
            assertTrue(card.containsKey(required), required);
        }
    }

    private static JsonObject card(AgentCards.View view) {
        return AgentCards.card(
                new AgentDescription("alice", "Alice", null, JsonValue.EMPTY_JSON_ARRAY, null), ADDRESS, view);
    }

    private static JsonObject copyWith(JsonObject json, String name, JsonValue value) {
        var copy = MeshJson.object();
        json.forEach(copy::add);
        return copy.add(name, value).build();
    }
}

package agentmesh.web.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PublicLocationsTest {

    private static final URI API = URI.create("http://10.0.0.5:8080/mesh/api/v1/");

    @Test
    void aLocationWithinTheApiMovesToThePublicBase() {
        assertEquals(
                URI.create("https://mesh.example.com/mesh/api/v1/tasks/t1"),
                filtered(URI.create("http://10.0.0.5:8080/mesh/api/v1/tasks/t1")));
        assertEquals(
                URI.create("https://mesh.example.com/mesh/api/v1/admin/agents/bob"),
                filtered(URI.create("admin/agents/bob")));
    }

    @Test
    void aLocationElsewhereOrNoneIsLeftAsItIs() {
        assertEquals(URI.create("https://other.example/x"), filtered(URI.create("https://other.example/x")));
        assertNull(filtered(null));
    }

    private static URI filtered(URI location) {
        PublicLocations filter = new PublicLocations();
        filter.origin = new ClientOrigin();
        filter.origin.trustedProxiesSetting = Optional.empty();
        filter.origin.publicUrlSetting = Optional.of("https://mesh.example.com/mesh");
        filter.origin.readSettings();
        filter.servletRequest = FakeRequest.from("198.51.100.7").request();
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        if (location != null) {
            headers.putSingle("Location", location);
        }
        filter.filter(
                fake(ContainerRequestContext.class, "getUriInfo", fake(UriInfo.class, "getBaseUri", API)),
                responseWith(headers));
        return (URI) headers.getFirst("Location");
    }

    private static ContainerResponseContext responseWith(MultivaluedMap<String, Object> headers) {
        return (ContainerResponseContext) Proxy.newProxyInstance(
                PublicLocationsTest.class.getClassLoader(),
                new Class<?>[] {ContainerResponseContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getHeaders" -> headers;
                    case "getLocation" -> (URI) headers.getFirst("Location");
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static <T> T fake(Class<T> type, String getter, Object answer) {
        return type.cast(Proxy.newProxyInstance(
                PublicLocationsTest.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    if (method.getName().equals(getter)) {
                        return answer;
                    }
                    throw new UnsupportedOperationException(method.getName());
                }));
    }
}

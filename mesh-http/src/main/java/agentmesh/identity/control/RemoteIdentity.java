package agentmesh.identity.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

/**
 * The remote identity service at {@code mesh.identity.url} ({@code mesh.identity.mode=remote}), called through
 * MicroProfile REST Client. Unguarded: callers go through {@link GuardedIdentity}.
 */
@ApplicationScoped
public class RemoteIdentity {

    @Inject
    @ConfigProperty(name = "mesh.identity.url")
    Optional<String> url;

    @Inject
    @ConfigProperty(name = "mesh.identity.timeout-ms", defaultValue = "3000")
    long timeoutMillis;

    private RemoteIdentityApi api;

    @PostConstruct
    void connect() {
        api = RestClientBuilder.newBuilder()
                .baseUri(URI.create(url.orElseThrow(
                        () -> new IllegalStateException("mesh.identity.mode=remote needs mesh.identity.url"))))
                // The socket times out itself: the guard's @Timeout cannot interrupt a blocking read here.
                .connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .readTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .build(RemoteIdentityApi.class);
    }

    boolean mayTalk(String from, String to) {
        return api.canCommunicate(from, to).getBoolean("allowed");
    }
}

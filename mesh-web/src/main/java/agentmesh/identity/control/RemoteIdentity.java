package agentmesh.identity.control;

import agentmesh.agent.control.Contacts;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Who answers CanCommunicate(from, to): the mesh's own contacts table ({@code mesh.identity.mode=local}, the
 * default) or a remote identity service ({@code remote}, at {@code mesh.identity.url}). Unguarded: callers go
 * through {@link GuardedIdentity}.
 */
@ApplicationScoped
public class IdentityDirectory {

    @EJB
    Contacts contacts;

    @Inject
    @ConfigProperty(name = "mesh.identity.mode", defaultValue = "local")
    String mode;

    @Inject
    @ConfigProperty(name = "mesh.identity.url")
    Optional<String> url;

    @Inject
    @ConfigProperty(name = "mesh.identity.timeout-ms", defaultValue = "3000")
    long timeoutMillis;

    private RemoteIdentityApi remote;

    @PostConstruct
    void connect() {
        if ("remote".equals(mode)) {
            remote = RestClientBuilder.newBuilder()
                    .baseUri(URI.create(url.orElseThrow(() -> new IllegalStateException(
                            "mesh.identity.mode=remote needs mesh.identity.url"))))
                    // The socket times out itself: the guard's @Timeout cannot interrupt a blocking read here.
                    .connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                    .readTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                    .build(RemoteIdentityApi.class);
        } else if (!"local".equals(mode)) {
            throw new IllegalStateException("mesh.identity.mode must be local or remote, not " + mode);
        }
    }

    boolean mayTalk(String from, String to) {
        if (remote == null) {
            return contacts.mayTalk(from, to);
        }
        JsonObject answer = remote.canCommunicate(from, to);
        return answer.getBoolean("allowed");
    }
}

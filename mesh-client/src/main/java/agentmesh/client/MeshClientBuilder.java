package agentmesh.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings {@link MeshAgent.Builder} and {@link MeshAdmin.Builder} share: how requests are retried, how long one
 * may take, and the {@link HttpClient} they go through. All have defaults.
 *
 * @param <B> the builder itself, so that the settings chain
 */
public abstract class MeshClientBuilder<B extends MeshClientBuilder<B>> {

    private final URI baseUrl;
    private final String token;
    private HttpClient httpClient;
    private RetryPolicy retries = RetryPolicy.DEFAULT;
    private Duration requestTimeout = Duration.ofSeconds(30);

    MeshClientBuilder(URI baseUrl, String token) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        this.token = Objects.requireNonNull(token, "token");
    }

    /** How requests that may be repeated are retried; {@link RetryPolicy#DEFAULT} unless set. */
    public B retries(RetryPolicy policy) {
        this.retries = Objects.requireNonNull(policy);
        return self();
    }

    /** The longest a request may take (a long poll: its wait on top); 30 s unless set. */
    public B requestTimeout(Duration timeout) {
        this.requestTimeout = Objects.requireNonNull(timeout);
        return self();
    }

    /** An HttpClient of the application's; one with HTTP/1.1 and a 5 s connect timeout unless set. */
    public B httpClient(HttpClient client) {
        this.httpClient = Objects.requireNonNull(client);
        return self();
    }

    RetryPolicy retries() {
        return retries;
    }

    /** The exchange with the mesh these settings describe. */
    MeshHttp http() {
        HttpClient client = httpClient != null
                ? httpClient
                : HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build();
        return new MeshHttp(client, baseUrl, token, retries, requestTimeout);
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}

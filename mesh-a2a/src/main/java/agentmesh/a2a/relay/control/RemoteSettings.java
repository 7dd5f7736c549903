package agentmesh.a2a.relay.control;

import agentmesh.retry.RetryPolicy;
import agentmesh.tracing.Tracing;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The outbound deliveries' settings — the remote relay's ({@code mesh.a2a.remote.*}) and the push notifications'
 * ({@code mesh.a2a.push.*}), MicroProfile Config; docs/CONFIGURATION.md documents each — and what is made of them
 * once: the calls' bounds, the URL policy, the sealing of bearer tokens.
 * Without {@code secret-key} the tokens are stored in clear, and one WARNING at start says so; a {@code secret-key}
 * that is not the base64 of 32 bytes stops the application from starting, rather than storing tokens in clear
 * behind the operator's back.
 */
@ApplicationScoped
class RemoteSettings {

    private static final Logger LOG = Logger.getLogger(RemoteSettings.class.getName());
    private static final Duration MAX_WAIT = Duration.ofMinutes(1);

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.max-attempts", defaultValue = "5")
    int maxAttempts;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.backoff-base-ms", defaultValue = "500")
    long backoffBaseMillis;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.timeout-seconds", defaultValue = "60")
    int timeoutSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.connect-timeout-seconds", defaultValue = "10")
    int connectTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.first-byte-timeout-seconds", defaultValue = "30")
    int firstByteTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.idle-timeout-seconds", defaultValue = "60")
    int idleTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.stream-max-seconds", defaultValue = "600")
    int streamMaxSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.max-answer-bytes", defaultValue = "2097152")
    long maxAnswerBytes;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.max-event-bytes", defaultValue = "2097152")
    long maxEventBytes;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.relay-threads", defaultValue = "4")
    int relayThreads;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.follow-threads", defaultValue = "32")
    int followThreads;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.follows-per-agent", defaultValue = "4")
    int followsPerAgent;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.allow-http", defaultValue = "false")
    boolean allowHttp;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.allow-private-addresses", defaultValue = "false")
    boolean allowPrivateAddresses;

    @Inject
    @ConfigProperty(name = "mesh.a2a.push.threads", defaultValue = "4")
    int pushThreads;

    @Inject
    @ConfigProperty(name = "mesh.a2a.push.max-attempts", defaultValue = "10")
    int pushMaxAttempts;

    @Inject
    @ConfigProperty(name = "mesh.a2a.push.max-configs-per-agent", defaultValue = "100")
    int pushConfigsPerAgent;

    @Inject
    @ConfigProperty(name = "mesh.a2a.remote.secret-key")
    Optional<String> secretKey;

    @Inject
    Tracing tracing;

    private RemoteLimits limits;
    private UrlPolicy urlPolicy;
    private RemoteSecrets secrets;
    private A2aCalls calls;

    @PostConstruct
    void made() {
        limits = new RemoteLimits(
                Duration.ofSeconds(connectTimeoutSeconds),
                Duration.ofSeconds(firstByteTimeoutSeconds),
                Duration.ofSeconds(idleTimeoutSeconds),
                Duration.ofSeconds(timeoutSeconds),
                Duration.ofSeconds(streamMaxSeconds),
                maxAnswerBytes,
                maxEventBytes);
        urlPolicy = new UrlPolicy(allowHttp, allowPrivateAddresses);
        calls = new A2aCalls(limits, urlPolicy, tracing);
        if (secretKey.filter(key -> !key.isBlank()).isPresent()) {
            secrets = RemoteSecrets.withKey(secretKey.get());
        } else {
            secrets = RemoteSecrets.inClear();
            LOG.warning("mesh.a2a.remote.secret-key is not set: the bearer tokens of remote A2A agents are stored in"
                    + " clear. Set it to the base64 of 32 random bytes (openssl rand -base64 32) to seal them.");
        }
    }

    A2aCalls calls() {
        return calls;
    }

    UrlPolicy urlPolicy() {
        return urlPolicy;
    }

    RemoteSecrets secrets() {
        return secrets;
    }

    /** A remote agent's calls: {@code backoff-base-ms} doubling, at most a minute; parked after its max-attempts. */
    RetryPolicy relayRetryPolicy() {
        return retryPolicy(maxAttempts);
    }

    /** A webhook's calls: the same waits; parked after {@code mesh.a2a.push.max-attempts}. */
    RetryPolicy pushRetryPolicy() {
        return retryPolicy(pushMaxAttempts);
    }

    private RetryPolicy retryPolicy(int attempts) {
        Duration first = Duration.ofMillis(Math.max(1, backoffBaseMillis));
        return new RetryPolicy(first, first.compareTo(MAX_WAIT) > 0 ? first : MAX_WAIT, Math.max(1, attempts));
    }

    int relayThreads() {
        return Math.max(1, relayThreads);
    }

    int followThreads() {
        return Math.max(1, followThreads);
    }

    int followsPerAgent() {
        return Math.max(1, followsPerAgent);
    }

    int pushThreads() {
        return Math.max(1, pushThreads);
    }

    int pushConfigsPerAgent() {
        return Math.max(1, pushConfigsPerAgent);
    }
}

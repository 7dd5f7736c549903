package agentmesh.a2a.relay.control;

import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.a2a.relay.entity.PushConfig;
import agentmesh.problem.InvalidRequestException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A2A push notification configs, as the A2A facade offers them to a client agent for a task of its own (the caller
 * checks that it is): made, read, listed, deleted; {@link PushRelay} pushes. Every input is bounded: an id of at
 * most 64 characters of {@code [A-Za-z0-9._~:@-]} (made when absent), a URL of at most 2,000 characters that the
 * outbound {@link UrlPolicy} allows, a token and credentials of at most 1,000 characters, a scheme that is an HTTP
 * token; at most {@code mesh.a2a.push.max-configs-per-agent} configs not ended per client.
 */
@ApplicationScoped
public class PushNotifications {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._~:@-]{1,64}");
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}");
    private static final int MAX_URL = 2000;
    private static final int MAX_SECRET = 1000;

    @Inject
    PushConfigs configs;

    @Inject
    PushRelay relay;

    @Inject
    RemoteSettings settings;

    /**
     * Stores the config (the same id again replaces it) → the config as stored, without its secrets. It pushes the
     * client's inbox events of the task after {@code fromCursor} ({@link #inboxPosition}), or (null) from now on.
     */
    public PushConfig create(String agentId, A2aVersion version, PushConfig config, Long fromCursor) {
        PushConfig checked = checked(config);
        boolean replaces = configs.find(agentId, checked.taskId(), checked.id()).isPresent();
        int max = settings.pushConfigsPerAgent();
        if (!replaces && configs.liveCount(agentId) >= max) {
            throw new TooManyPushConfigsException(agentId, max);
        }
        configs.save(agentId, version.wireName(), checked, fromCursor);
        relay.known(agentId);
        return checked.withoutSecrets();
    }

    /** Where the agent's inbox stands now: a config made after a send pushes from before it. */
    public long inboxPosition(String agentId) {
        return configs.inboxPosition(agentId);
    }

    public Optional<PushConfig> find(String agentId, String taskId, String configId) {
        return configs.find(agentId, taskId, configId);
    }

    /** At most {@code limit} of the client's configs of the task, in id order after {@code afterId} (null: all). */
    public List<PushConfig> list(String agentId, String taskId, String afterId, int limit) {
        return configs.list(agentId, taskId, afterId, limit);
    }

    /** True when there was such a config; deleting again changes nothing. */
    public boolean delete(String agentId, String taskId, String configId) {
        return configs.delete(agentId, taskId, configId);
    }

    /** The config as it would be stored (its id made when absent), or the refusal of a field. */
    public PushConfig checked(PushConfig config) {
        String id =
                config.id() == null || config.id().isEmpty() ? UUID.randomUUID().toString() : config.id();
        if (!ID.matcher(id).matches()) {
            throw new InvalidRequestException("id", "must be 1-64 characters of [A-Za-z0-9._~:@-]");
        }
        String url = config.url();
        if (url == null || url.isEmpty() || url.length() > MAX_URL) {
            throw new InvalidRequestException("url", "is required, at most " + MAX_URL + " characters");
        }
        if (settings.urlPolicy().check(url) instanceof UrlPolicy.Forbidden forbidden) {
            throw new InvalidRequestException("url", forbidden.why());
        }
        if (config.token() != null && config.token().length() > MAX_SECRET) {
            throw new InvalidRequestException("token", "is at most " + MAX_SECRET + " characters");
        }
        if (config.authScheme() != null && !SCHEME.matcher(config.authScheme()).matches()) {
            throw new InvalidRequestException("authentication.scheme", "must be an HTTP authentication scheme");
        }
        if (config.authCredentials() != null
                && (config.authScheme() == null || config.authCredentials().length() > MAX_SECRET)) {
            throw new InvalidRequestException(
                    "authentication.credentials", "need a scheme, and are at most " + MAX_SECRET + " characters");
        }
        return new PushConfig(config.taskId(), id, url, config.token(), config.authScheme(), config.authCredentials());
    }
}

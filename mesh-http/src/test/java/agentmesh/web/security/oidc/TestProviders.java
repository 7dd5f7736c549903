package agentmesh.web.security.oidc;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;

/** An {@link IdentityProvider} set as the server would set it from configuration, for tests outside this package. */
public final class TestProviders {

    private TestProviders() {}

    /** A provider at {@code issuer} (its keys through discovery), agents by {@code sub}, discoveries on {@code executor}. */
    public static IdentityProvider at(String issuer, Duration minRefresh, Clock clock, Executor executor) {
        IdentityProvider provider = new IdentityProvider();
        provider.issuer = Optional.of(issuer);
        provider.jwksUrl = Optional.empty();
        provider.audience = Optional.of("agent-mesh");
        provider.agentClaim = "sub";
        provider.rolesClaim = "roles";
        provider.adminRole = Optional.empty();
        provider.clockSkewSeconds = 30;
        provider.algorithms = "RS256";
        provider.jwksCacheSeconds = 300;
        provider.jwksMinRefreshSeconds = minRefresh.toSeconds();
        provider.clock = clock;
        provider.background = executor;
        provider.readSettings();
        return provider;
    }
}

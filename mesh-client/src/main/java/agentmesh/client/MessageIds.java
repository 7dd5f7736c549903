package agentmesh.client;

import java.security.SecureRandom;
import java.time.Clock;

/** Message ids in the API's format, {@code m-{agentId}-{epochSeconds}-{8 chars [a-z0-9]}}. */
public final class MessageIds {

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private MessageIds() {}

    public static String generate(String agentId) {
        return generate(agentId, Clock.systemUTC());
    }

    static String generate(String agentId, Clock clock) {
        StringBuilder id = new StringBuilder("m-")
                .append(agentId)
                .append('-')
                .append(clock.instant().getEpochSecond())
                .append('-');
        for (int i = 0; i < 8; i++) {
            id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}

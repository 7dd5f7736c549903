package agentmesh.a2a.boundary;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two A2A versions the facade speaks, each with its wire mapping ({@link #mapping()}: {@link A2a10Mapping},
 * {@link A2a03Mapping}), and which of them a request speaks.
 *
 * <p>The version is the request's {@code A2A-Version} header (or query parameter), its major and minor numbers
 * (a patch number is not considered, as the specification says). Absent, the specification says 0.3 — unless the
 * method is one that only 1.0 names ({@code SendMessage}, …): a client that speaks 1.0 names without the header is
 * taken at its word. The wire names here are the one source of the protocol versions the facade speaks: the
 * agent card lists them from {@link #values()}.
 */
public enum A2aVersion {
    V1_0("1.0", new A2a10Mapping()),
    V0_3("0.3", new A2a03Mapping());

    // Major, minor and a patch number that is not considered.
    private static final Pattern NUMBERS = Pattern.compile("(\\d{1,4})(?:\\.(\\d{1,4})(?:\\.\\d{1,4})?)?");

    private final String wireName;
    private final A2aMapping mapping;

    A2aVersion(String wireName, A2aMapping mapping) {
        this.wireName = wireName;
        this.mapping = mapping;
    }

    /** The version of its wire name ({@code 1.0}, {@code 0.3}). */
    public static A2aVersion of(String wireName) {
        return wireName.equals(V1_0.wireName) ? V1_0 : V0_3;
    }

    /** How the mesh's tasks, messages and parts look on this version's wire. */
    public A2aMapping mapping() {
        return mapping;
    }

    /** The wire name, {@code Major.Minor}: what {@code A2A-Version} and an interface's protocolVersion say. */
    public String wireName() {
        return wireName;
    }

    /**
     * The version a request asks for ({@code 1.0}, {@code 1}, {@code 1.0.3} are 1.0); {@code null} for none, a
     * VersionNotSupported error for any other.
     */
    static A2aVersion requested(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String version = header.trim();
        Matcher numbers = NUMBERS.matcher(version);
        if (numbers.matches()) {
            String majorMinor = Integer.parseInt(numbers.group(1)) + "."
                    + (numbers.group(2) == null ? 0 : Integer.parseInt(numbers.group(2)));
            for (A2aVersion known : values()) {
                if (known.wireName.equals(majorMinor)) {
                    return known;
                }
            }
        }
        throw A2aError.versionNotSupported(version);
    }

    /** The version of a JSON-RPC call: the one asked for, else the one its method's name implies. */
    static A2aVersion ofJsonRpc(String header, String method) {
        A2aVersion requested = requested(header);
        return requested != null ? requested : impliedBy(method);
    }

    /** The version of an HTTP+JSON call: 1.0, the only one this binding is offered in, when none is asked for. */
    static A2aVersion ofRest(String header) {
        A2aVersion requested = requested(header);
        if (requested == V0_3) {
            throw A2aError.versionNotSupported(
                    V0_3.wireName + " over HTTP+JSON (use JSON-RPC for " + V0_3.wireName + ")");
        }
        return V1_0;
    }

    /** The version a JSON-RPC method implies when no header says it: 1.0 names are PascalCase, 0.3 names have a /. */
    static A2aVersion impliedBy(String method) {
        return method.contains("/") ? V0_3 : V1_0;
    }
}

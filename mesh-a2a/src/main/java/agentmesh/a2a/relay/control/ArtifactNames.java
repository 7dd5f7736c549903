package agentmesh.a2a.relay.control;

/**
 * The name a remote agent's artifact gets in the mesh, which requires one of 1-200 characters while A2A makes it
 * optional and unbounded: its own when it has one, else its id; cut to 200 characters (ending in "…") when longer.
 */
final class ArtifactNames {

    static final int MAX = 200;

    private ArtifactNames() {}

    static String of(String name, String artifactId) {
        String chosen = name != null && !name.isBlank()
                ? name.strip()
                : artifactId != null && !artifactId.isBlank() ? artifactId.strip() : "artifact";
        if (chosen.length() <= MAX) {
            return chosen;
        }
        int end = MAX - 1;
        if (Character.isHighSurrogate(chosen.charAt(end - 1))) {
            end--; // a character is not cut in two
        }
        return chosen.substring(0, end) + "…";
    }
}

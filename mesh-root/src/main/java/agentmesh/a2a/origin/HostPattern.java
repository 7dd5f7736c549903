package agentmesh.a2a.origin;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code mesh.a2a.host-pattern}: a host name in which one whole label is {@code {agent}}, such as
 * {@code {agent}.agents.example.com}. A host matches when it is the pattern with that label replaced by a lowercase
 * DNS label of 3 to 63 characters ({@code [a-z0-9-]}, no hyphen at either end): an agent's id, or the host label an
 * admin gave an agent (the mesh tells which). Host names are compared without case and without a trailing dot, so
 * an id with upper case, {@code .}, {@code _} or {@code @} is at a host only by a label given to it.
 */
record HostPattern(String before, String after) {

    static final String AGENT = "{agent}";

    // The agent's label: 3 characters at least, as an agent id has.
    private static final Pattern AGENT_LABEL = Pattern.compile("[a-z0-9][a-z0-9-]{1,61}[a-z0-9]");
    private static final Pattern LABEL = Pattern.compile("[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?");
    private static final int LONGEST_HOST = 253;

    /**
     * The pattern of the setting.
     *
     * @throws IllegalArgumentException when {@code {agent}} is not one whole label of it, or any other label is not
     *                                  a DNS label, or it has no other label
     */
    static HostPattern parse(String template) {
        String pattern = template.strip().toLowerCase(Locale.ROOT);
        String[] labels = pattern.split("\\.", -1);
        int agents = 0;
        for (String label : labels) {
            if (label.equals(AGENT)) {
                agents++;
            } else if (!LABEL.matcher(label).matches()) {
                throw refused(template, "\"" + label + "\" is not a host label");
            }
        }
        if (agents != 1) {
            throw refused(template, "it must have the label " + AGENT + " once");
        }
        if (labels.length < 2) {
            throw refused(template, "it needs a domain beside " + AGENT + ", such as " + AGENT + ".agents.example.com");
        }
        int at = pattern.indexOf(AGENT);
        return new HostPattern(pattern.substring(0, at), pattern.substring(at + AGENT.length()));
    }

    /** The agent label of this host; empty when the host does not fit the pattern. */
    Optional<String> agentOf(String host) {
        if (host == null || host.length() > LONGEST_HOST + 1) {
            return Optional.empty();
        }
        String name = host.toLowerCase(Locale.ROOT);
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        if (name.length() <= before.length() + after.length() || !name.startsWith(before) || !name.endsWith(after)) {
            return Optional.empty();
        }
        String label = name.substring(before.length(), name.length() - after.length());
        return AGENT_LABEL.matcher(label).matches() ? Optional.of(label) : Optional.empty();
    }

    @Override
    public String toString() {
        return before + AGENT + after;
    }

    private static IllegalArgumentException refused(String template, String why) {
        return new IllegalArgumentException("mesh.a2a.host-pattern must be a host name with one label " + AGENT
                + ", such as " + AGENT + ".agents.example.com; \"" + template + "\" is not: " + why);
    }
}

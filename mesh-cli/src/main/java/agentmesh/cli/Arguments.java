package agentmesh.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A command line split into words and {@code --name value} options ({@code --json} takes no value). */
final class Arguments {

    private static final Set<String> SWITCHES = Set.of("json", "help");

    private final List<String> words = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();

    Arguments(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--") && args[i].length() > 2) {
                String name = args[i].substring(2);
                if (SWITCHES.contains(name)) {
                    options.put(name, "true");
                } else if (i + 1 < args.length) {
                    options.put(name, args[++i]);
                } else {
                    throw new UsageException(args[i] + " needs a value");
                }
            } else {
                words.add(args[i]);
            }
        }
    }

    /** The {@code index}th word, which the command needs; {@code what} names it in the error. */
    String word(int index, String what) {
        if (index >= words.size()) {
            throw new UsageException("missing " + what);
        }
        return words.get(index);
    }

    /** The words from {@code index} on, joined by spaces (a message's text need not be quoted). */
    String rest(int index, String what) {
        word(index, what);
        return String.join(" ", words.subList(index, words.size()));
    }

    String optionalWord(int index) {
        return index < words.size() ? words.get(index) : null;
    }

    int wordCount() {
        return words.size();
    }

    String option(String name) {
        return options.get(name);
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    long number(String name, long fallback) {
        String value = options.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " takes a number, not " + value);
        }
    }

    static long number(String text, String what) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException(what + " is a number, not " + text);
        }
    }

    /** The command line is wrong: exit status 2 with the usage. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}

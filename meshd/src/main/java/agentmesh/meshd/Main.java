package agentmesh.meshd;

import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code meshd --url URL --agent ID [options]} with the token in {@code MESH_AGENT_TOKEN} or a {@code --token-file}
 * (a command line is visible to every user through {@code ps}), or all from the environment: see {@link #USAGE}.
 * Exit status: 0 when stopped, 2 for bad arguments, 3 when the mesh refuses the token, 1 otherwise.
 */
public final class Main {

    private static final String USAGE = """
            usage: meshd [mcp] --url URL --agent ID [--token-file FILE] [options]
              mcp          serve the agent's tools to an LLM host over stdio (MCP) instead of running a brain
              --url        the mesh's API base URL, e.g. http://127.0.0.1:8080/mesh/api/v1/   (MESH_URL)
              --agent      the agent's id                                                 (MESH_AGENT_ID)
              --token-file a file holding the agent's bearer token                        (MESH_AGENT_TOKEN: the token)
              --token      the token itself; avoid it: ps shows a command line to every user
              --state      where meshd keeps what it handled (default ~/.meshd/<agent>)   (MESHD_STATE)
              --after      read the inbox after this cursor, not after the last event handled
              --brain      scripted (default) or llm                                      (MESHD_BRAIN)
              --rules      the scripted brain's rules, JSON (default: a reviewer's)       (MESHD_RULES)
              --llm-url    an OpenAI-compatible API, e.g. https://api.openai.com/v1       (OPENAI_BASE_URL)
              --llm-model  the model                                                      (MESH_LLM_MODEL)
              --llm-key    the API key, if the endpoint needs one                         (OPENAI_API_KEY)
              --max-steps  model calls per event at most (default 8)                      (MESHD_MAX_STEPS)
            """;
    private static final Map<String, String> ENVIRONMENT = Map.ofEntries(
            Map.entry("url", "MESH_URL"),
            Map.entry("agent", "MESH_AGENT_ID"),
            Map.entry("token", "MESH_AGENT_TOKEN"),
            Map.entry("state", "MESHD_STATE"),
            Map.entry("brain", "MESHD_BRAIN"),
            Map.entry("rules", "MESHD_RULES"),
            Map.entry("llm-url", "OPENAI_BASE_URL"),
            Map.entry("llm-model", "MESH_LLM_MODEL"),
            Map.entry("llm-key", "OPENAI_API_KEY"),
            Map.entry("max-steps", "MESHD_MAX_STEPS"));
    private static final Set<String> FLAGS = Set.of(
            "url",
            "agent",
            "token",
            "token-file",
            "state",
            "after",
            "brain",
            "rules",
            "llm-url",
            "llm-model",
            "llm-key",
            "max-steps");
    /** A token file holds one token: more than this is not one. */
    private static final int MAX_TOKEN_FILE_BYTES = 8 * 1024;

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] argv, Map<String, String> environment, PrintStream out, PrintStream err) {
        boolean mcp = argv.length > 0 && argv[0].equals("mcp");
        String[] args = mcp ? Arrays.copyOfRange(argv, 1, argv.length) : argv;
        if (Arrays.asList(args).contains("--help")) {
            out.print(USAGE);
            return 0;
        }
        Map<String, String> options;
        try {
            options = options(args, environment);
        } catch (IllegalArgumentException e) {
            err.println("meshd: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        String agentId = options.get("agent");
        MeshAgent agent = MeshAgent.builder(URI.create(options.get("url")), agentId, options.get("token"))
                .build();
        if (mcp) {
            try {
                new McpServerMode(agent, err).serve(); // standard output is the protocol's
                return 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        Path state = options.containsKey("state")
                ? Path.of(options.get("state"))
                : Path.of(System.getProperty("user.home"), ".meshd", agentId);
        HandledEvents handled = HandledEvents.open(state, 10_000);
        Brain brain = brain(options);
        Meshd meshd = new Meshd(
                agent,
                brain,
                handled,
                new Transcript(out),
                options.containsKey("after") ? Long.valueOf(options.get("after")) : null);
        Runtime.getRuntime().addShutdownHook(new Thread(meshd::stop, "meshd-stop"));
        try {
            Throwable cause = meshd.run();
            if (cause == null) {
                return 0;
            }
            err.println("meshd: " + agentId + " stopped: " + cause.getMessage());
            return cause instanceof MeshProblemException.Unauthorized ? 3 : 1;
        } catch (MeshProblemException.Unauthorized e) {
            err.println("meshd: the mesh refused the token of " + agentId + ": " + e.getMessage());
            return 3;
        } catch (Exception e) {
            err.println("meshd: " + agentId + " failed: " + e);
            return 1;
        }
    }

    private static Brain brain(Map<String, String> options) {
        if (options.get("brain").equals("llm")) {
            return new LlmBrain(
                    URI.create(options.get("llm-url")),
                    options.get("llm-model"),
                    options.get("llm-key"),
                    Integer.parseInt(options.getOrDefault("max-steps", "8")));
        }
        return options.containsKey("rules")
                ? ScriptedBrain.fromFile(Path.of(options.get("rules")))
                : ScriptedBrain.reviewer();
    }

    static Map<String, String> options(String[] args, Map<String, String> environment) {
        Map<String, String> options = new HashMap<>();
        ENVIRONMENT.forEach((name, variable) -> putIfSet(options, name, environment.get(variable)));
        for (int i = 0; i < args.length; i++) {
            String name = args[i].startsWith("--") ? args[i].substring(2) : "";
            if (!FLAGS.contains(name)) {
                throw new IllegalArgumentException("unknown argument " + args[i]);
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            options.put(name, args[++i]);
        }
        if (options.containsKey("token-file")) {
            putIfSet(options, "token", readToken(Path.of(options.get("token-file"))));
        }
        options.putIfAbsent("brain", "scripted");
        require(options, "url", "agent");
        if (!options.containsKey("token")) {
            throw new IllegalArgumentException("MESH_AGENT_TOKEN or --token-file is required");
        }
        switch (options.get("brain")) {
            case "scripted" -> {}
            case "llm" -> require(options, "llm-url", "llm-model");
            default -> throw new IllegalArgumentException("--brain is scripted or llm");
        }
        if (options.containsKey("after") && !options.get("after").matches("\\d{1,18}")) {
            throw new IllegalArgumentException("--after takes a cursor, a number");
        }
        if (options.containsKey("max-steps") && !options.get("max-steps").matches("[1-9]\\d{0,2}")) {
            throw new IllegalArgumentException("--max-steps takes a number from 1 to 999");
        }
        return options;
    }

    private static String readToken(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] token = in.readNBytes(MAX_TOKEN_FILE_BYTES + 1);
            if (token.length > MAX_TOKEN_FILE_BYTES) {
                throw new IllegalArgumentException(file + " is larger than a token");
            }
            return new String(token, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + e);
        }
    }

    private static void require(Map<String, String> options, String... names) {
        for (String name : names) {
            if (!options.containsKey(name)) {
                throw new IllegalArgumentException("--" + name + " is required");
            }
        }
    }

    private static void putIfSet(Map<String, String> options, String name, String value) {
        if (value != null && !value.isBlank()) {
            options.put(name, value);
        }
    }
}

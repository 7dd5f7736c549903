package agentmesh.cli;

import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.RetryPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code meshctl}: the mesh from a terminal or a script. Agent commands act as {@code MESH_AGENT_ID} (or
 * {@code --agent}) with {@code MESH_AGENT_TOKEN} (or {@code --token-file}); admin commands with
 * {@code MESH_ADMIN_TOKEN} (or {@code --admin-token-file}); all at {@code MESH_URL} (or {@code --url}). A token is
 * never taken from the command line, where {@code ps} shows it to every user. Exit status by outcome (the footer).
 */
@Command(
        name = "meshctl",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = MeshCtl.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = "The mesh from a terminal or a script: tables for people, --json for scripts.",
        subcommands = {
            AgentCommands.Send.class,
            AgentCommands.Inbox.class,
            AgentCommands.Watch.class,
            AgentCommands.Ack.class,
            AgentCommands.Tasks.class,
            AgentCommands.TaskCommand.class,
            AgentAdminCommands.Agents.class,
            AgentAdminCommands.Contacts.class,
            AgentAdminCommands.Card.class,
            AgentAdminCommands.Remote.class,
            AgentAdminCommands.Push.class,
            OperationsCommands.Outbox.class,
            OperationsCommands.DeadLetters.class,
            OperationsCommands.IdleScan.class,
            OperationsCommands.Stats.class,
            OperationsCommands.Completion.class,
            CommandLine.HelpCommand.class
        },
        footerHeading = "%nExit status:%n",
        footer = {
            "  0 done, 2 usage, 3 unauthorized, 4 not allowed, 5 not found, 6 conflict,",
            "  7 invalid request, 8 overloaded (try later), 9 mesh unreachable, 1 other"
        })
public final class MeshCtl implements Runnable {

    static final String DEFAULT_URL = "http://127.0.0.1:8080/mesh/api/v1/";

    /** A person at a terminal waits a few seconds for a mesh that is busy or restarting, not half a minute. */
    private static final RetryPolicy RETRIES = new RetryPolicy(5, Duration.ofMillis(200), Duration.ofSeconds(2));

    /** A token file holds one token: more than this is not one. */
    private static final int MAX_TOKEN_FILE_BYTES = 8 * 1024;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--url",
            scope = ScopeType.INHERIT,
            paramLabel = "URL",
            description = "The API's base URL (MESH_URL; default " + DEFAULT_URL + ").")
    URI url;

    @Option(
            names = "--json",
            scope = ScopeType.INHERIT,
            description = "Print JSON (the client's records, field by field) instead of text.")
    boolean json;

    @Option(
            names = "--agent",
            scope = ScopeType.INHERIT,
            paramLabel = "ID",
            description = "Agent commands: the agent (MESH_AGENT_ID).")
    String agentId;

    @Option(
            names = "--token-file",
            scope = ScopeType.INHERIT,
            paramLabel = "FILE",
            description = "Agent commands: a file holding the agent's token (else MESH_AGENT_TOKEN).")
    Path tokenFile;

    @Option(
            names = "--admin-token-file",
            scope = ScopeType.INHERIT,
            paramLabel = "FILE",
            description = "Admin commands: a file holding the admin token (else MESH_ADMIN_TOKEN).")
    Path adminTokenFile;

    private final Map<String, String> environment;
    private final PrintStream out;

    private MeshCtl(Map<String, String> environment, PrintStream out) {
        this.environment = environment;
        this.out = out;
    }

    public static void main(String[] argv) {
        System.exit(run(argv, System.getenv(), System.out, System.err));
    }

    /** Runs one command line as {@code main} does, with the given environment and streams; returns the exit status. */
    public static int run(String[] argv, Map<String, String> environment, PrintStream out, PrintStream err) {
        return commandLine(environment, out, err).execute(argv);
    }

    /** The whole command tree, its output going to {@code out} and {@code err}. */
    static CommandLine commandLine(Map<String, String> environment, PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(new MeshCtl(environment, out));
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        commandLine.setParameterExceptionHandler(
                (problem, args) -> usageError(problem.getMessage(), problem, problem.getCommandLine()));
        commandLine.setExecutionExceptionHandler((failure, command, parsed) -> failed(failure, command));
        return commandLine;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is needed");
    }

    MeshAgent agent() {
        String agent = agentId != null ? agentId : environment.get("MESH_AGENT_ID");
        if (agent == null || agent.isBlank()) {
            throw usage("--agent or MESH_AGENT_ID is needed");
        }
        return MeshAgent.builder(url(), agent, token(tokenFile, "MESH_AGENT_TOKEN", "--token-file"))
                .retries(RETRIES)
                .build();
    }

    MeshAdmin admin() {
        return MeshAdmin.builder(url(), token(adminTokenFile, "MESH_ADMIN_TOKEN", "--admin-token-file"))
                .retries(RETRIES)
                .build();
    }

    /** Prints {@code value} as JSON with {@code --json}, else as {@code human} renders it. */
    <T> void print(T value, Function<T, String> human) {
        if (json) {
            out.println(JsonOutput.of(value));
        } else {
            String text = human.apply(value);
            if (!text.isEmpty()) {
                out.println(text);
            }
        }
    }

    PrintStream out() {
        return out;
    }

    boolean json() {
        return json;
    }

    /** The command line is wrong: exit status 2, with the usage of the command that was run. */
    ParameterException usage(String message) {
        ParseResult parsed = spec.commandLine().getParseResult();
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return new ParameterException(parsed.commandSpec().commandLine(), message);
    }

    /** The contents of a file the user named, for a secret or a document; a file that cannot be read is a usage error. */
    String readFile(Path file, int maxBytes) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw usage(file + " is larger than " + maxBytes + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw usage("cannot read " + file + ": there is no such file");
        } catch (IOException e) {
            throw usage("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** A token from its file when one is named, else from the environment. */
    String token(Path file, String variable, String option) {
        String token = file != null ? readFile(file, MAX_TOKEN_FILE_BYTES).strip() : environment.get(variable);
        if (token == null || token.isBlank()) {
            throw usage(file != null ? file + " holds no token" : variable + " or " + option + " is needed");
        }
        return token;
    }

    private URI url() {
        return url != null ? url : URI.create(environment.getOrDefault("MESH_URL", DEFAULT_URL));
    }

    /** Says what is wrong, the synopsis of {@code command} (or the nearest commands to a mistyped one), exit 2. */
    private static int usageError(String message, ParameterException problem, CommandLine command) {
        PrintWriter err = command.getErr();
        err.println("meshctl: " + message);
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(problem, err)) {
            err.print(command.getHelp().fullSynopsis());
        }
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more.");
        return CommandLine.ExitCode.USAGE;
    }

    private static int failed(Exception failure, CommandLine command) throws Exception {
        PrintWriter err = command.getErr();
        if (failure instanceof ParameterException problem) {
            return usageError(problem.getMessage(), problem, command); // thrown by the command that ran: its usage
        }
        if (failure instanceof MeshProblemException problem) {
            err.println("meshctl: " + problem.getMessage());
            problem.errors().forEach(error -> err.println("  " + error.field() + ": " + error.message()));
            return exitStatus(problem);
        }
        if (failure instanceof UncheckedIOException unreachable) {
            err.println("meshctl: the mesh did not answer: " + unreachable.getMessage());
            return 9;
        }
        throw failure;
    }

    static int exitStatus(MeshProblemException problem) {
        if (problem instanceof MeshProblemException.Unauthorized) {
            return 3;
        } else if (problem instanceof MeshProblemException.NotAllowed) {
            return 4;
        } else if (problem instanceof MeshProblemException.NotFound) {
            return 5;
        } else if (problem instanceof MeshProblemException.Conflict) {
            return 6;
        } else if (problem instanceof MeshProblemException.InvalidRequest) {
            return 7;
        } else if (problem instanceof MeshProblemException.Overloaded) {
            return 8;
        }
        return 1;
    }

    /** meshctl's version, as the build wrote it into {@code meshctl.properties}. */
    static final class Version implements CommandLine.IVersionProvider {

        @Override
        public String[] getVersion() throws IOException {
            Properties properties = new Properties();
            try (InputStream in = MeshCtl.class.getResourceAsStream("meshctl.properties")) {
                properties.load(in);
            }
            return new String[] {"meshctl " + properties.getProperty("version") + " (Agent Mesh HTTP API v1)"};
        }
    }
}

package agentmesh.cli;

import agentmesh.client.InboxEvent;
import agentmesh.client.InboxSubscription;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Message;
import agentmesh.client.Pages;
import agentmesh.client.RetryPolicy;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * {@code meshctl}: the mesh from a terminal or a script. Agent commands use {@code MESH_AGENT_ID} and
 * {@code MESH_AGENT_TOKEN} (or {@code --agent}, {@code --token}); admin commands {@code MESH_ADMIN_TOKEN} (or
 * {@code --admin-token}); all {@code MESH_URL} (or {@code --url}). Exit status by outcome, see {@link #USAGE}.
 */
public final class MeshCtl {

    static final String USAGE = """
            usage: meshctl [--url URL] [--json] COMMAND
            agent (MESH_AGENT_ID, MESH_AGENT_TOKEN or --agent, --token):
              send TO TEXT… [--task ID] [--id MESSAGE_ID]    send a message (a new task unless --task)
              inbox [--after CURSOR] [--limit N] [--wait S]  read the inbox (after the last ack unless --after)
              watch [--after CURSOR]                         follow the inbox live (Ctrl-C ends)
              ack CURSOR                                     acknowledge the inbox up to CURSOR
              tasks [--state STATE] [--limit N]              the agent's tasks, most recently updated first
              task show ID | status ID STATE [REASON…] | cancel ID [REASON…] | artifact ID NAME TEXT…
            admin (MESH_ADMIN_TOKEN or --admin-token):
              agents register ID [NAME…] | list | show ID | token ID
              contacts allow A B | revoke A B
              outbox [--status pending|sent|failed] [--limit N] | outbox retry ID
              dead-letters | dead-letters replay ID
              stats
            exit status: 0 done, 2 usage, 3 unauthorized, 4 not allowed, 5 not found, 6 conflict, 7 invalid request,
                         8 overloaded (try later), 9 mesh unreachable, 1 other
            """;

    /** Two agents and whether they may now talk, for {@code contacts allow|revoke}. */
    record Contact(String a, String b, boolean allowed) {
    }

    /** A person at a terminal waits a few seconds for a mesh that is busy or restarting, not half a minute. */
    private static final RetryPolicy RETRIES = new RetryPolicy(5, Duration.ofMillis(200), Duration.ofSeconds(2));

    private final Arguments args;
    private final Map<String, String> environment;
    private final PrintStream out;

    private MeshCtl(Arguments args, Map<String, String> environment, PrintStream out) {
        this.args = args;
        this.environment = environment;
        this.out = out;
    }

    public static void main(String[] argv) {
        System.exit(run(argv, System.getenv(), System.out, System.err));
    }

    /** Runs one command line as {@code main} does, with the given environment and streams; returns the exit status. */
    public static int run(String[] argv, Map<String, String> environment, PrintStream out, PrintStream err) {
        try {
            Arguments args = new Arguments(argv);
            if (args.has("help") || args.wordCount() == 0) {
                (args.has("help") ? out : err).print(USAGE);
                return args.has("help") ? 0 : 2;
            }
            new MeshCtl(args, environment, out).execute();
            return 0;
        } catch (Arguments.UsageException e) {
            err.println("meshctl: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (MeshProblemException e) {
            err.println("meshctl: " + e.getMessage());
            e.errors().forEach(error -> err.println("  " + error.field() + ": " + error.message()));
            return exitStatus(e);
        } catch (UncheckedIOException e) {
            err.println("meshctl: the mesh did not answer: " + e.getMessage());
            return 9;
        }
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

    private void execute() {
        String command = args.word(0, "a command");
        switch (command) {
            case "send" -> send();
            case "inbox" -> inbox();
            case "watch" -> watch();
            case "ack" -> agent().ack(Arguments.number(args.word(1, "a cursor"), "the cursor"));
            case "tasks" -> tasks();
            case "task" -> task();
            case "agents" -> agents();
            case "contacts" -> contacts();
            case "outbox" -> outbox();
            case "dead-letters" -> deadLetters();
            case "stats" -> out.println(admin().stats());
            default -> throw new Arguments.UsageException("unknown command " + command);
        }
    }

    private void send() {
        Message message = new Message(args.option("id"), args.word(1, "the recipient"), args.option("task"), null,
                List.of(Part.text(args.rest(2, "the text"))));
        SendReceipt receipt = agent().send(message);
        print(receipt, r -> (r.repeated() ? "sent before: " : "sent: ") + r.messageId() + " in task " + r.taskId()
                + " (#" + r.seq() + ")");
    }

    private void inbox() {
        Pages.InboxPage page = agent().inbox(args.has("after") ? args.number("after", 0) : null,
                (int) args.number("limit", 100), Duration.ofSeconds(args.number("wait", 0)));
        if (args.has("json")) {
            out.println(JsonOutput.of(page));
        } else {
            page.events().forEach(event -> out.println(describe(event)));
            out.println("next cursor: " + page.nextCursor());
        }
    }

    private void watch() {
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<Throwable> why = new AtomicReference<>();
        InboxSubscription subscription = agent().subscribe(args.has("after") ? args.number("after", 0) : null,
                new InboxSubscription.Listener() {
                    @Override
                    public void onEvent(InboxEvent event) {
                        out.println(args.has("json") ? JsonOutput.of(event).toString() : describe(event));
                        out.flush();
                    }

                    @Override
                    public void ended(Throwable cause) {
                        why.set(cause);
                        ended.countDown();
                    }
                });
        Runtime.getRuntime().addShutdownHook(new Thread(subscription::close));
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (why.get() instanceof RuntimeException failure) {
            throw failure; // a refusal (a rotated token) ends the watch with its exit status
        }
    }

    private void tasks() {
        TaskState state = args.has("state") ? state(args.option("state")) : null;
        Pages.TaskPage page = agent().tasks(state, null, (int) args.number("limit", 20));
        print(page, p -> String.join("\n", p.tasks().stream().map(t -> t.taskId() + "  "
                + t.status().state().wireName() + "  " + t.requester() + " -> " + t.assignee() + "  updated "
                + t.updatedAt()).toList()));
    }

    private void task() {
        String action = args.word(1, "show, status, cancel or artifact");
        String taskId = args.word(2, "the task id");
        switch (action) {
            case "show" -> print(agent().task(taskId), MeshCtl::describe);
            case "status" -> print(agent().changeStatus(taskId, state(args.word(3, "the state")),
                    args.optionalWord(4) == null ? null : args.rest(4, "")), s -> "task is " + s.state().wireName());
            case "cancel" -> print(agent().cancel(taskId, args.optionalWord(3) == null ? null : args.rest(3, "")),
                    s -> "task is " + s.state().wireName());
            case "artifact" -> print(agent().addArtifact(taskId, null, args.word(3, "the artifact's name"),
                    List.of(Part.text(args.rest(4, "the text")))), a -> "artifact " + a.artifactId() + " added");
            default -> throw new Arguments.UsageException("unknown task command " + action);
        }
    }

    private void agents() {
        String action = args.word(1, "register, list, show or token");
        switch (action) {
            case "register" -> print(admin().registerAgent(args.word(2, "the agent id"),
                    args.optionalWord(3) == null ? args.word(2, "") : args.rest(3, "")),
                    c -> "registered " + c.agentId() + "; its token (shown once): " + c.token());
            case "list" -> print(admin().agents(null, (int) args.number("limit", 100)),
                    page -> String.join("\n", page.agents().stream().map(a -> a.agentId() + "  " + a.displayName()
                            + "  talks to " + a.contacts()).toList()));
            case "show" -> print(admin().agent(args.word(2, "the agent id")),
                    a -> a.agentId() + "  " + a.displayName() + "  since " + a.createdAt() + "  talks to "
                            + a.contacts());
            case "token" -> print(admin().rotateToken(args.word(2, "the agent id")),
                    c -> "new token for " + c.agentId() + " (the old one no longer works): " + c.token());
            default -> throw new Arguments.UsageException("unknown agents command " + action);
        }
    }

    private void contacts() {
        String action = args.word(1, "allow or revoke");
        String a = args.word(2, "the first agent");
        String b = args.word(3, "the second agent");
        switch (action) {
            case "allow" -> admin().allow(a, b);
            case "revoke" -> admin().revoke(a, b);
            default -> throw new Arguments.UsageException("unknown contacts command " + action);
        }
        print(new Contact(a, b, action.equals("allow")),
                contact -> a + " and " + b + (contact.allowed() ? " may talk" : " may no longer talk"));
    }

    private void outbox() {
        if ("retry".equals(args.optionalWord(1))) {
            admin().retryOutboxEvent(Arguments.number(args.word(2, "the event id"), "the event id"));
            out.println("event waits to be published again");
            return;
        }
        print(admin().outbox(args.has("status") ? args.option("status") : "failed", (int) args.number("limit", 50)),
                events -> String.join("\n", events.stream().map(e -> e.id() + "  " + e.status() + "  " + e.key()
                        + "  attempts " + e.attempts() + (e.lastError() == null ? "" : "  " + e.lastError()))
                        .toList()));
    }

    private void deadLetters() {
        if ("replay".equals(args.optionalWord(1))) {
            admin().replayDeadLetter(Arguments.number(args.word(2, "the dead letter's id"), "the id"));
            out.println("dead letter delivered");
            return;
        }
        print(admin().deadLetters("parked", 100), letters -> String.join("\n", letters.stream().map(d -> d.id() + "  "
                + d.status() + "  " + d.key() + "  " + d.error()).toList()));
    }

    private <T> void print(T value, Function<T, String> human) {
        if (args.has("json")) {
            out.println(JsonOutput.of(value));
        } else {
            String text = human.apply(value);
            if (!text.isEmpty()) {
                out.println(text);
            }
        }
    }

    private static String describe(InboxEvent event) {
        String what;
        if (event instanceof InboxEvent.MessageEvent message) {
            what = "message " + message.messageId() + ": " + text(message.parts());
        } else if (event instanceof InboxEvent.StatusEvent status) {
            what = "task is " + status.status().state().wireName()
                    + (status.status().reason() == null ? "" : " (" + status.status().reason() + ")");
        } else {
            what = "artifact " + ((InboxEvent.ArtifactEvent) event).artifact().name();
        }
        return "#" + event.cursor() + "  " + event.taskId() + "  from " + event.from() + "  " + what;
    }

    private static String describe(Task task) {
        StringBuilder text = new StringBuilder(task.taskId() + "  " + task.status().state().wireName()
                + (task.status().reason() == null ? "" : " (" + task.status().reason() + ")") + "\n  "
                + task.requester() + " -> " + task.assignee() + ", updated " + task.updatedAt());
        task.history().forEach(m -> text.append("\n  #").append(m.seq()).append(' ').append(m.from()).append(": ")
                .append(text(m.parts())));
        task.artifacts().forEach(a -> text.append("\n  artifact ").append(a.name()).append(": ")
                .append(text(a.parts())));
        return text.toString();
    }

    private static String text(List<Part> parts) {
        return String.join(" ", parts.stream().map(p -> p.text() == null ? "[" + p.kind() + "]" : p.text())
                .toList());
    }

    private static TaskState state(String name) {
        try {
            return TaskState.of(name);
        } catch (IllegalArgumentException e) {
            throw new Arguments.UsageException(e.getMessage());
        }
    }

    private MeshAgent agent() {
        return MeshAgent.builder(url(), setting("agent", "MESH_AGENT_ID"), setting("token", "MESH_AGENT_TOKEN"))
                .retries(RETRIES).build();
    }

    private MeshAdmin admin() {
        return MeshAdmin.builder(url(), setting("admin-token", "MESH_ADMIN_TOKEN")).retries(RETRIES).build();
    }

    private URI url() {
        String url = args.has("url") ? args.option("url")
                : environment.getOrDefault("MESH_URL", "http://127.0.0.1:8080/mesh/api/v1/");
        return URI.create(url);
    }

    private String setting(String option, String variable) {
        String value = args.has(option) ? args.option(option) : environment.get(variable);
        if (value == null || value.isBlank()) {
            throw new Arguments.UsageException("--" + option + " or " + variable + " is needed");
        }
        return value;
    }
}

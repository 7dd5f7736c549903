package agentmesh.cli;

import agentmesh.client.InboxEvent;
import agentmesh.client.InboxSubscription;
import agentmesh.client.Message;
import agentmesh.client.Pages;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.TypeConversionException;

/** The agent's commands: send, read and follow its inbox, acknowledge it, work on its tasks. */
final class AgentCommands {

    private AgentCommands() {}

    @Command(name = "send", description = "Send a message: a new task, or into --task.")
    static final class Send implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Parameters(index = "0", paramLabel = "TO", description = "The agent it is for.")
        String to;

        @Parameters(
                index = "1..*",
                arity = "1..*",
                paramLabel = "TEXT",
                description = "The message's text (the rest of the line, quoted or not).")
        List<String> text;

        @Option(names = "--task", paramLabel = "ID", description = "Write in this task instead of opening one.")
        String taskId;

        @Option(
                names = "--id",
                paramLabel = "MESSAGE_ID",
                description = "The message's id (default: a new one; the same id again is stored once).")
        String messageId;

        @Override
        public void run() {
            SendReceipt receipt = ctl.agent()
                    .send(new Message(messageId, to, taskId, null, List.of(Part.text(String.join(" ", text)))));
            ctl.print(
                    receipt,
                    r -> (r.repeated() ? "sent before: " : "sent: ") + r.messageId() + " in task " + r.taskId() + " (#"
                            + r.seq() + ")");
        }
    }

    @Command(name = "inbox", description = "Read the inbox (after the last acknowledged event unless --after).")
    static final class Inbox implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Option(names = "--after", paramLabel = "CURSOR", description = "Events after this cursor.")
        Long after;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "100", description = "At most N events.")
        int limit;

        @Option(
                names = "--wait",
                paramLabel = "SECONDS",
                defaultValue = "0",
                description = "Wait up to this long for a first event (a long poll).")
        long wait;

        @Override
        public void run() {
            Pages.InboxPage page = ctl.agent().inbox(after, limit, Duration.ofSeconds(wait));
            ctl.print(
                    page,
                    p -> String.join(
                                    "\n",
                                    p.events().stream()
                                            .map(AgentCommands::describe)
                                            .toList()) + (p.events().isEmpty() ? "" : "\n") + "next cursor: "
                            + p.nextCursor());
        }
    }

    @Command(name = "watch", description = "Follow the inbox live, one line an event (Ctrl-C ends).")
    static final class Watch implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Option(names = "--after", paramLabel = "CURSOR", description = "From after this cursor.")
        Long after;

        @Override
        public void run() {
            CountDownLatch ended = new CountDownLatch(1);
            AtomicReference<Throwable> why = new AtomicReference<>();
            InboxSubscription subscription = ctl.agent().subscribe(after, new InboxSubscription.Listener() {
                @Override
                public void onEvent(InboxEvent event) {
                    ctl.print(event, AgentCommands::describe);
                    ctl.out().flush();
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
    }

    @Command(name = "ack", description = "Acknowledge the inbox up to CURSOR: a restart resumes after it.")
    static final class Ack implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Parameters(paramLabel = "CURSOR", description = "The last event done with.")
        long cursor;

        @Override
        public void run() {
            ctl.agent().ack(cursor);
        }
    }

    @Command(name = "tasks", description = "The agent's tasks, most recently updated first.")
    static final class Tasks implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Option(
                names = "--state",
                paramLabel = "STATE",
                converter = StateConverter.class,
                completionCandidates = States.class,
                description = "Only tasks in this state: ${COMPLETION-CANDIDATES}.")
        TaskState state;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "At most N tasks.")
        int limit;

        @Override
        public void run() {
            ctl.print(ctl.agent().tasks(state, null, limit), page -> {
                Table table = Table.of("TASK", "STATE", "REQUESTER", "ASSIGNEE", "UPDATED");
                page.tasks()
                        .forEach(t -> table.row(
                                t.taskId(), t.status().state().wireName(), t.requester(), t.assignee(), t.updatedAt()));
                return table.render();
            });
        }
    }

    @Command(name = "task", description = "One task: show it, move it, cancel it, add an artifact.")
    static final class TaskCommand {

        @ParentCommand
        MeshCtl ctl;

        @Command(name = "show", description = "The task, its newest messages and its artifacts.")
        void show(@Parameters(paramLabel = "ID") String taskId) {
            ctl.print(ctl.agent().task(taskId), AgentCommands::describe);
        }

        @Command(name = "status", description = "Move the task to STATE, saying why.")
        void status(
                @Parameters(index = "0", paramLabel = "ID") String taskId,
                @Parameters(
                                index = "1",
                                paramLabel = "STATE",
                                converter = StateConverter.class,
                                completionCandidates = States.class,
                                description = "One of ${COMPLETION-CANDIDATES}.")
                        TaskState state,
                @Parameters(index = "2..*", arity = "0..*", paramLabel = "REASON") List<String> reason) {
            ctl.print(ctl.agent().changeStatus(taskId, state, words(reason)), AgentCommands::describe);
        }

        @Command(name = "cancel", description = "Cancel the task (either agent may).")
        void cancel(
                @Parameters(index = "0", paramLabel = "ID") String taskId,
                @Parameters(index = "1..*", arity = "0..*", paramLabel = "REASON") List<String> reason) {
            ctl.print(ctl.agent().cancel(taskId, words(reason)), AgentCommands::describe);
        }

        @Command(name = "artifact", description = "Add a text artifact to the task.")
        void artifact(
                @Parameters(index = "0", paramLabel = "ID") String taskId,
                @Parameters(index = "1", paramLabel = "NAME") String name,
                @Parameters(index = "2..*", arity = "1..*", paramLabel = "TEXT") List<String> text) {
            ctl.print(
                    ctl.agent().addArtifact(taskId, null, name, List.of(Part.text(words(text)))),
                    a -> "artifact " + a.artifactId() + " added");
        }
    }

    /** The words of a reason or a text, joined by spaces; none: null. */
    private static String words(List<String> words) {
        return words == null || words.isEmpty() ? null : String.join(" ", words);
    }

    static String describe(Task.Status status) {
        return "task is " + status.state().wireName() + (status.reason() == null ? "" : " (" + status.reason() + ")");
    }

    static String describe(InboxEvent event) {
        String what;
        if (event instanceof InboxEvent.MessageEvent message) {
            what = "message " + message.messageId() + ": " + text(message.parts());
        } else if (event instanceof InboxEvent.StatusEvent status) {
            what = describe(status.status());
        } else {
            what = "artifact " + ((InboxEvent.ArtifactEvent) event).artifact().name();
        }
        return "#" + event.cursor() + "  " + event.taskId() + "  from " + event.from() + "  " + what;
    }

    static String describe(Task task) {
        StringBuilder text = new StringBuilder(task.taskId() + "  " + describe(task.status()) + "\n  "
                + task.requester() + " -> " + task.assignee() + ", updated " + task.updatedAt());
        task.history()
                .forEach(m -> text.append("\n  #")
                        .append(m.seq())
                        .append(' ')
                        .append(m.from())
                        .append(": ")
                        .append(text(m.parts())));
        task.artifacts()
                .forEach(a -> text.append("\n  artifact ")
                        .append(a.name())
                        .append(": ")
                        .append(text(a.parts())));
        return text.toString();
    }

    private static String text(List<Part> parts) {
        return String.join(
                " ",
                parts.stream()
                        .map(p -> p.text() == null ? "[" + p.kind() + "]" : p.text())
                        .toList());
    }

    /** A task state by its wire name ({@code input-required}); another word is a usage error. */
    static final class StateConverter implements ITypeConverter<TaskState> {

        @Override
        public TaskState convert(String name) {
            try {
                return TaskState.of(name);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The task states' wire names, for the help and for completion. */
    static final class States implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(TaskState.values()).map(TaskState::wireName).iterator();
        }
    }
}

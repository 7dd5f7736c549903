package agentmesh.cli;

import agentmesh.client.MeshAdmin;
import agentmesh.client.Pages;
import java.util.Iterator;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** The admin's operations: the outbox, the consumer's dead letters, the idle-task scan, the stats; and completion. */
final class OperationsCommands {

    private OperationsCommands() {}

    /** What the idle scan did, for {@code idle-scan}. */
    record IdleScanResult(int failed) {}

    /** An outbox event put back to be published, for {@code outbox retry}. */
    record Retried(long eventId) {}

    @Command(
            name = "outbox",
            description = "Outbox events by status, oldest first; 'outbox retry ID' puts a dead one back.")
    static final class Outbox implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Option(
                names = "--status",
                paramLabel = "STATUS",
                defaultValue = "failed",
                completionCandidates = OutboxStatuses.class,
                description = "${COMPLETION-CANDIDATES} (default failed).")
        String status;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50")
        int limit;

        @Override
        public void run() {
            ctl.print(ctl.admin().outbox(status, limit), events -> {
                Table table = Table.of("EVENT", "STATUS", "KEY", "TYPE", "TASK", "ATTEMPTS", "NEXT ATTEMPT", "ERROR");
                events.forEach(e -> table.row(
                        e.id(),
                        e.status(),
                        e.key(),
                        e.type(),
                        e.taskId(),
                        e.attempts(),
                        e.nextAttemptAt(),
                        e.lastError()));
                return table.render();
            });
        }

        @Command(name = "retry", description = "Put a dead (failed) event back to be published.")
        void retry(@Parameters(paramLabel = "ID") long id) {
            ctl.admin().retryOutboxEvent(id);
            ctl.print(new Retried(id), r -> "event " + r.eventId() + " waits to be published again");
        }

        @Command(name = "dead-count", description = "How many events are dead (failed).")
        void deadCount() {
            ctl.print(new Count(ctl.admin().outboxDeadLetterStore().count()), OperationsCommands::describe);
        }
    }

    @Command(
            name = "dead-letters",
            description = "Records the inbox consumer set aside; 'dead-letters replay ID' delivers one.")
    static final class DeadLetters implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Option(
                names = "--status",
                paramLabel = "STATUS",
                defaultValue = "parked",
                completionCandidates = DeadLetterStatuses.class,
                description = "${COMPLETION-CANDIDATES} (default parked).")
        String status;

        @Mixin
        PageOptions page;

        @Override
        public void run() {
            ctl.print(ctl.admin().consumerDeadLetterStore(status).page(page.cursor, page.limit), letters -> {
                Table table = Table.of("ID", "STATUS", "TOPIC", "PARTITION", "OFFSET", "KEY", "ATTEMPTS", "ERROR");
                letters.deadLetters()
                        .forEach(d -> table.row(
                                d.id(),
                                d.status(),
                                d.topic(),
                                d.partition(),
                                d.offset(),
                                d.key(),
                                d.attempts(),
                                d.error()));
                return table.render() + more(letters);
            });
        }

        @Command(name = "count", description = "How many records have the status.")
        void count() {
            ctl.print(new Count(ctl.admin().consumerDeadLetterStore(status).count()), OperationsCommands::describe);
        }

        @Command(name = "replay", description = "Deliver a dead letter once more (a second replay is refused).")
        void replay(@Parameters(paramLabel = "ID") long id) {
            ctl.print(ctl.admin().replayDeadLetter(id), OperationsCommands::describe);
        }
    }

    @Command(name = "idle-scan", description = "Fail idle submitted/working tasks now instead of at the next timer.")
    static final class IdleScan implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Override
        public void run() {
            ctl.print(
                    new IdleScanResult(ctl.admin().scanIdleTasks()),
                    r -> "the idle scan failed " + r.failed() + (r.failed() == 1 ? " task" : " tasks"));
        }
    }

    @Command(name = "stats", description = "The mesh at a glance: outbox, consumer lag, tasks, this instance, faults.")
    static final class Stats implements Runnable {

        @ParentCommand
        MeshCtl ctl;

        @Override
        public void run() {
            ctl.print(ctl.admin().stats(), StatsView::render);
        }
    }

    @Command(
            name = "completion",
            description = {
                "Print the completion script for bash and zsh.",
                "Load it with: source <(meshctl completion)",
                "zsh first: autoload -U +X compinit && compinit && autoload -U +X bashcompinit && bashcompinit"
            })
    static final class Completion implements Runnable {

        @Spec
        CommandSpec spec;

        @ParentCommand
        MeshCtl ctl;

        @Override
        public void run() {
            ctl.out().print(AutoComplete.bash("meshctl", spec.root().commandLine()));
            ctl.out().flush();
        }
    }

    /** A dead-letter store's count, for the {@code count} commands. */
    record Count(long count) {}

    /** Where a dead-letter listing starts and how much of it one command shows. */
    static final class PageOptions {

        @Option(
                names = "--cursor",
                paramLabel = "ID",
                description = "Start after this letter (a listing's next cursor).")
        Long cursor;

        @Option(names = "--limit", paramLabel = "N", defaultValue = "100", description = "At most N letters (1-1000).")
        int limit;
    }

    /** Dead letters of a remote agent or of push configs: the same store, the same table. */
    static String outboundTable(Pages.DeadLetterPage<MeshAdmin.OutboundDeadLetter> letters) {
        Table table = Table.of("ID", "TARGET", "CURSOR", "PARKED", "REPLAYED", "ERROR");
        letters.deadLetters()
                .forEach(d -> table.row(d.id(), d.targetKey(), d.cursor(), d.parkedAt(), d.replayedAt(), d.error()));
        return table.render() + more(letters);
    }

    /** How to read on when the page is not the last. */
    static String more(Pages.DeadLetterPage<?> page) {
        return page.nextCursor() == null ? "" : System.lineSeparator() + "more: --cursor " + page.nextCursor();
    }

    static String describe(Count count) {
        return count.count() + (count.count() == 1 ? " dead letter" : " dead letters");
    }

    static String describe(MeshAdmin.Replay replay) {
        return "dead letter " + replay.id() + ": " + replay.outcome();
    }

    static final class OutboxStatuses implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return List.of("pending", "sent", "failed").iterator();
        }
    }

    static final class DeadLetterStatuses implements Iterable<String> {

        @Override
        public Iterator<String> iterator() {
            return List.of("parked", "replayed").iterator();
        }
    }
}

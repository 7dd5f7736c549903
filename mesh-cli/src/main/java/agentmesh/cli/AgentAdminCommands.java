package agentmesh.cli;

import agentmesh.client.MeshAdmin;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** The admin's commands about agents: registration and tokens, contacts, A2A cards, remote agents, push configs. */
final class AgentAdminCommands {

    /** The mesh takes a body of at most 1 MiB: a skills file larger than that could not be sent. */
    private static final int MAX_SKILLS_FILE_BYTES = 1024 * 1024;

    private AgentAdminCommands() {}

    /** Two agents and whether they may now talk, for {@code contacts allow|revoke}. */
    record Contact(String a, String b, boolean allowed) {}

    /** An agent that is no longer the face of an A2A server, for {@code remote detach}. */
    record Detached(String agentId) {}

    /** An agent disabled or enabled, for {@code agents disable|enable}. */
    record Switched(String agentId, boolean disabled) {}

    @Command(
            name = "agents",
            description = "Register agents, list them, show one, give one a new token, disable or enable one.")
    static final class Agents {

        @ParentCommand
        MeshCtl ctl;

        @Command(name = "register", description = "Register an agent; its token is printed this once.")
        void register(
                @Parameters(index = "0", paramLabel = "ID") String agentId,
                @Parameters(
                                index = "1..*",
                                arity = "0..*",
                                paramLabel = "NAME",
                                description = "Its display name (default: the id).")
                        List<String> name) {
            ctl.print(
                    ctl.admin().registerAgent(agentId, name == null ? agentId : String.join(" ", name)),
                    c -> "registered " + c.agentId() + "; its token (shown once): " + c.token());
        }

        @Command(name = "list", description = "Agents in id order.")
        void list(
                @Option(names = "--limit", paramLabel = "N", defaultValue = "100") int limit,
                @Option(names = "--cursor", paramLabel = "ID", description = "After this agent.") String cursor) {
            ctl.print(ctl.admin().agents(cursor, limit), page -> {
                Table table = Table.of("AGENT", "NAME", "SINCE", "TALKS TO");
                page.agents()
                        .forEach(a -> table.row(
                                a.agentId(), a.displayName(), a.createdAt(), String.join(", ", a.contacts())));
                return table.render() + (page.nextCursor() == null ? "" : "\nmore: --cursor " + page.nextCursor());
            });
        }

        @Command(name = "show", description = "One agent and whom it may talk to.")
        void show(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(
                    ctl.admin().agent(agentId),
                    a -> Table.fields()
                            .row("agent", a.agentId())
                            .row("name", a.displayName())
                            .row("since", a.createdAt())
                            .row("talks to", String.join(", ", a.contacts()))
                            .row("disabled since", a.disabled() ? a.disabledAt() : "-")
                            .render());
        }

        @Command(name = "token", description = "A new token for the agent; the old one stops working at once.")
        void token(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(
                    ctl.admin().rotateToken(agentId),
                    c -> "new token for " + c.agentId() + " (the old one no longer works): " + c.token());
        }

        @Command(
                name = "disable",
                description = "Refuse every token of the agent at once and end its streams; messages to it are kept.")
        void disable(@Parameters(paramLabel = "ID") String agentId) {
            ctl.admin().disable(agentId);
            ctl.print(new Switched(agentId, true), a -> agentId + " is disabled: its tokens are refused");
        }

        @Command(name = "enable", description = "Let the agent in again with its mesh token.")
        void enable(@Parameters(paramLabel = "ID") String agentId) {
            ctl.admin().enable(agentId);
            ctl.print(new Switched(agentId, false), a -> agentId + " is enabled");
        }
    }

    @Command(name = "contacts", description = "Who may talk to whom (both ways).")
    static final class Contacts {

        @ParentCommand
        MeshCtl ctl;

        @Command(name = "allow", description = "Let A and B talk.")
        void allow(
                @Parameters(index = "0", paramLabel = "A") String a,
                @Parameters(index = "1", paramLabel = "B") String b) {
            ctl.admin().allow(a, b);
            ctl.print(new Contact(a, b, true), c -> a + " and " + b + " may talk");
        }

        @Command(name = "revoke", description = "A and B may no longer talk.")
        void revoke(
                @Parameters(index = "0", paramLabel = "A") String a,
                @Parameters(index = "1", paramLabel = "B") String b) {
            ctl.admin().revoke(a, b);
            ctl.print(new Contact(a, b, false), c -> a + " and " + b + " may no longer talk");
        }
    }

    @Command(name = "card", description = "What an agent's A2A card says of it: its description and skills.")
    static final class Card {

        @ParentCommand
        MeshCtl ctl;

        @Command(name = "show", description = "The agent's description and skills.")
        void show(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(ctl.admin().card(agentId), AgentAdminCommands::describe);
        }

        @Command(
                name = "set",
                description = "Replace the agent's description and skills (what is not given is cleared).")
        void set(
                @Parameters(paramLabel = "ID") String agentId,
                @Option(names = "--description", paramLabel = "TEXT") String description,
                @Option(
                                names = "--skills",
                                paramLabel = "FILE",
                                description =
                                        "A JSON array of skills: "
                                                + "[{\"id\",\"name\",\"description\",\"tags\":[…],\"examples\":[…]}], at most 20.")
                        Path skills) {
            List<MeshAdmin.Skill> skillList = skills == null ? List.of() : skills(skills);
            ctl.print(ctl.admin().describe(agentId, description, skillList), AgentAdminCommands::describe);
        }

        private List<MeshAdmin.Skill> skills(Path file) {
            try (JsonReader reader = Json.createReader(new StringReader(ctl.readFile(file, MAX_SKILLS_FILE_BYTES)))) {
                JsonValue skills = reader.readValue();
                if (!(skills instanceof JsonArray array)
                        || !array.stream().allMatch(skill -> skill instanceof JsonObject)) {
                    throw ctl.usage(file + " is no JSON array of skills (objects)");
                }
                return array.getValuesAs(JsonObject.class).stream()
                        .map(MeshAdmin.Skill::of)
                        .toList();
            } catch (JsonException e) {
                throw ctl.usage(file + " is no JSON: " + e.getMessage());
            }
        }
    }

    @Command(name = "remote", description = "Registered agents that are the mesh's face of A2A servers elsewhere.")
    static final class Remote {

        @ParentCommand
        MeshCtl ctl;

        @Command(
                name = "attach",
                description = "Deliver the agent's inbox to the A2A server whose card is at CARD_URL.")
        void attach(
                @Parameters(index = "0", paramLabel = "ID") String agentId,
                @Parameters(index = "1", paramLabel = "CARD_URL") URI cardUrl,
                @Option(
                                names = "--bearer-token-file",
                                paramLabel = "FILE",
                                description = "A file holding the token the server wants (kept sealed, never shown).")
                        Path bearerTokenFile) {
            String token = bearerTokenFile == null ? null : ctl.token(bearerTokenFile, null, "--bearer-token-file");
            ctl.print(ctl.admin().attachRemote(agentId, cardUrl, token), AgentAdminCommands::describe);
        }

        @Command(name = "show", description = "Where the agent's relay stands.")
        void show(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(ctl.admin().remote(agentId), AgentAdminCommands::describe);
        }

        @Command(name = "detach", description = "Stop delivering the agent's inbox to its A2A server.")
        void detach(@Parameters(paramLabel = "ID") String agentId) {
            ctl.admin().detachRemote(agentId);
            ctl.print(new Detached(agentId), d -> d.agentId() + " is no longer a remote agent");
        }

        @Command(
                name = "dead-letters",
                description = "The events the agent's A2A server refused, parked, oldest first.")
        void deadLetters(@Parameters(paramLabel = "ID") String agentId, @Mixin OperationsCommands.PageOptions page) {
            ctl.print(
                    ctl.admin().remoteDeadLetterStore(agentId).page(page.cursor, page.limit),
                    OperationsCommands::outboundTable);
        }

        @Command(name = "dead-letter-count", description = "How many of the agent's parked events are not replayed.")
        void deadLetterCount(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(
                    new OperationsCommands.Count(
                            ctl.admin().remoteDeadLetterStore(agentId).count()),
                    OperationsCommands::describe);
        }

        @Command(name = "replay", description = "Deliver a parked event to the A2A server now.")
        void replay(
                @Parameters(index = "0", paramLabel = "ID") String agentId,
                @Parameters(index = "1", paramLabel = "DEAD_LETTER") long id) {
            ctl.print(ctl.admin().replayRemoteDeadLetter(agentId, id), OperationsCommands::describe);
        }
    }

    @Command(
            name = "push",
            description = "An agent's A2A push notification configs (as a client) and their dead letters.")
    static final class Push {

        @ParentCommand
        MeshCtl ctl;

        @Command(name = "configs", description = "The agent's configs, newest first (never their secrets).")
        void configs(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(ctl.admin().pushConfigs(agentId), configs -> {
                Table table = Table.of("TASK", "CONFIG", "URL", "VERSION", "PUSHED", "ATTEMPTS", "ENDED", "ERROR");
                configs.forEach(c -> table.row(
                        c.taskId(),
                        c.configId(),
                        c.url(),
                        c.protocolVersion(),
                        c.pushedCursor(),
                        c.attempts(),
                        c.ended() ? "yes" : "no",
                        c.lastError()));
                return table.render();
            });
        }

        @Command(name = "dead-letters", description = "The updates the agent's webhooks would not take, oldest first.")
        void deadLetters(@Parameters(paramLabel = "ID") String agentId, @Mixin OperationsCommands.PageOptions page) {
            ctl.print(
                    ctl.admin().pushDeadLetterStore(agentId).page(page.cursor, page.limit),
                    OperationsCommands::outboundTable);
        }

        @Command(name = "dead-letter-count", description = "How many of the agent's parked updates are not replayed.")
        void deadLetterCount(@Parameters(paramLabel = "ID") String agentId) {
            ctl.print(
                    new OperationsCommands.Count(
                            ctl.admin().pushDeadLetterStore(agentId).count()),
                    OperationsCommands::describe);
        }

        @Command(name = "replay", description = "Push a parked update to its webhook now.")
        void replay(
                @Parameters(index = "0", paramLabel = "ID") String agentId,
                @Parameters(index = "1", paramLabel = "DEAD_LETTER") long id) {
            ctl.print(ctl.admin().replayPushDeadLetter(agentId, id), OperationsCommands::describe);
        }
    }

    private static String describe(MeshAdmin.AgentCard card) {
        Table skills = Table.of("SKILL", "NAME", "TAGS", "DESCRIPTION");
        card.skills().forEach(s -> skills.row(s.id(), s.name(), String.join(", ", s.tags()), s.description()));
        return Table.fields()
                        .row("agent", card.agentId())
                        .row("name", card.displayName())
                        .row("description", card.description())
                        .render()
                + "\n" + skills.render();
    }

    private static String describe(MeshAdmin.RemoteAgent remote) {
        return Table.fields()
                .row("agent", remote.agentId())
                .row("name", remote.name())
                .row("card", remote.cardUrl())
                .row("endpoint", remote.endpoint())
                .row("A2A version", remote.protocolVersion())
                .row("relayed up to", remote.relayedCursor())
                .row("attempts", remote.attempts())
                .row("next attempt", remote.nextAttemptAt())
                .row("last error", remote.lastError())
                .render();
    }
}

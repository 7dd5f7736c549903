package agentmesh.a2a.relay.control;

import agentmesh.agent.control.ContactCheck;
import agentmesh.digest.Sha256;
import agentmesh.identity.control.IdentityCheck;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.parts.control.Parts;
import agentmesh.problem.MeshException;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.entity.TaskState;
import agentmesh.web.Ids;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A remote agent's answer made into mesh events, as if the agent had written them through the mesh API: its messages
 * into the task for the other agent, its artifacts, its task's state — each through the outbox, with the mesh's
 * checks. Applying the same answer again changes nothing (messages keep the remote's message ids, artifacts theirs,
 * a state already reached is not reported again), so an answer applied before a crash is not applied twice after.
 *
 * <p>Each part of an answer is applied or refused for good — never left to fail the same way at every look: an
 * artifact gets a name the mesh takes ({@link ArtifactNames}); parts the mesh cannot keep, an artifact already
 * there, an append past the artifact's bounds, a refused write are left out (logged); a state is taken as
 * {@link StateMoves} says. Once the answer says the remote task is over, it is not followed any more, whatever the
 * mesh task could make of it. Only a failure that may pass (the database, a refusal with Retry-After) escapes, for
 * the answer to be applied again later.
 */
@ApplicationScoped
class RemoteAnswers {

    private static final Logger LOG = Logger.getLogger(RemoteAnswers.class.getName());

    @Inject
    MessageSender sender;

    @Inject
    IdentityCheck identity;

    @EJB
    TaskLifecycle lifecycle;

    @EJB
    TaskReader reader;

    @Inject
    RemoteAgents agents;

    /** Applies what the remote agent said about the mesh task it shares with {@code counterpart}. */
    void apply(String agentId, String taskId, String counterpart, RemoteAnswer answer) {
        if (answer.remoteTaskId() != null) {
            agents.mapTask(taskId, agentId, answer.remoteTaskId(), answer.remoteContextId());
        }
        ContactCheck check;
        try {
            check = identity.beforeWriting(agentId, counterpart);
        } catch (MeshException e) {
            if (e.retryAfterSeconds() > 0) {
                throw e;
            }
            LOG.info(() -> "The answer of " + agentId + " in task " + taskId + " is dropped: " + e.getMessage());
            endedIfOver(taskId, answer);
            return;
        }
        for (RemoteAnswer.Said said : answer.messages()) {
            if (!Parts.problems(said.parts()).isEmpty()) {
                LOG.info(() -> "A message of " + agentId + " in task " + taskId + " has parts the mesh cannot keep");
                continue;
            }
            attempt(
                    agentId,
                    taskId,
                    () -> sender.send(new SendCommand(
                            agentId, meshId(said.messageId()), counterpart, taskId, null, said.parts(), check)));
        }
        writeArtifacts(agentId, taskId, answer.artifacts(), check);
        if (answer.state() != null) {
            attempt(agentId, taskId, () -> moveTo(agentId, taskId, answer.state(), check));
        }
        endedIfOver(taskId, answer);
    }

    /** Adds artifacts outside an answer (the rest of a stream's chunks); dropped when the agents may not talk. */
    void addArtifacts(String agentId, String taskId, String counterpart, List<RemoteAnswer.Made> artifacts) {
        if (artifacts.isEmpty()) {
            return;
        }
        try {
            writeArtifacts(agentId, taskId, artifacts, identity.beforeWriting(agentId, counterpart));
        } catch (MeshException e) {
            if (e.retryAfterSeconds() > 0) {
                throw e;
            }
            LOG.info(() -> "Artifacts of " + agentId + " in task " + taskId + " are dropped: " + e.getMessage());
        }
    }

    /** The mesh task fails for this reason, if it can; either way its remote task is not followed any more. */
    void fail(String agentId, String taskId, String counterpart, String reason) {
        LOG.info(() -> "Task " + taskId + " of remote agent " + agentId + " fails: " + reason);
        attempt(
                agentId,
                taskId,
                () -> lifecycle.changeStatus(
                        taskId, agentId, TaskState.FAILED, reason, identity.beforeWriting(agentId, counterpart)));
        agents.ended(taskId);
    }

    private void writeArtifacts(String agentId, String taskId, List<RemoteAnswer.Made> artifacts, ContactCheck check) {
        for (RemoteAnswer.Made made : artifacts) {
            if (!Parts.problems(made.parts()).isEmpty()) {
                LOG.info(() -> "Artifact " + made.artifactId() + " of " + agentId + " in task " + taskId
                        + " has parts the mesh cannot keep");
                continue;
            }
            String id = meshId(made.artifactId());
            String name = ArtifactNames.of(made.name(), made.artifactId());
            attempt(
                    agentId,
                    taskId,
                    () -> made.append()
                            ? lifecycle.appendToArtifact(taskId, agentId, id, name, made.parts(), check)
                            : lifecycle.addArtifact(taskId, agentId, id, name, made.parts(), check));
        }
    }

    private Object moveTo(String agentId, String taskId, String state, ContactCheck check) {
        TaskState current =
                TaskState.fromWireName(reader.read(taskId, agentId, 0).status().state());
        return StateMoves.of(current, state)
                .map(move -> move instanceof StateMoves.ChangeTo change
                        ? lifecycle.changeStatus(taskId, agentId, change.state(), change.reason(), check)
                        : lifecycle.cancel(taskId, agentId, null))
                .orElse(null);
    }

    private void endedIfOver(String taskId, RemoteAnswer answer) {
        if (answer.state() != null && TaskState.fromWireName(answer.state()).isTerminal()) {
            agents.ended(taskId);
        }
    }

    // What the mesh refuses of an answer (an artifact already there, a task already over) is left out, not retried:
    // the remote agent has done its part. A refusal for now (503, Retry-After: the identity service) escapes.
    private static void attempt(String agentId, String taskId, Supplier<?> write) {
        try {
            write.get();
        } catch (TaskLifecycle.ArtifactExistsException alreadyThere) {
            // applied before
        } catch (MeshException e) {
            if (e.retryAfterSeconds() > 0) {
                throw e;
            }
            LOG.info(() ->
                    "Part of the answer of " + agentId + " in task " + taskId + " is left out: " + e.getMessage());
        }
    }

    /** A remote id as a mesh id: itself when it fits the mesh's form, otherwise a digest of it. */
    static String meshId(String remoteId) {
        return remoteId.matches(Ids.MESSAGE_ID)
                ? remoteId
                : "a2a-" + Sha256.hex(remoteId).substring(0, 40);
    }
}

package agentmesh.a2a.remote;

import agentmesh.agent.control.ContactCheck;
import agentmesh.identity.control.IdentityCheck;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.parts.control.Parts;
import agentmesh.platform.MeshException;
import agentmesh.platform.Sha256;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.entity.TaskState;
import agentmesh.web.Ids;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * A remote agent's answer made into mesh events, as if the agent had written them through the mesh API: its messages
 * into the task for the other agent, its artifacts, its task's state — each through the outbox, with the mesh's
 * checks. Applying the same answer again changes nothing (messages keep the remote's message ids, artifacts theirs,
 * a state already reached is not reported again), so an answer applied before a crash is not applied twice after.
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
            LOG.info(() -> "The answer of " + agentId + " in task " + taskId + " is dropped: " + e.getMessage());
            return;
        }
        for (RemoteAnswer.Said said : answer.messages()) {
            if (!Parts.problems(said.parts()).isEmpty()) {
                LOG.info(() -> "A message of " + agentId + " in task " + taskId + " has parts the mesh cannot keep");
                continue;
            }
            attempt(agentId, taskId, () -> sender.send(new SendCommand(agentId, meshId(said.messageId()),
                    counterpart, taskId, null, said.parts(), check)));
        }
        for (RemoteAnswer.Made made : answer.artifacts()) {
            attempt(agentId, taskId, () -> lifecycle.addArtifact(taskId, agentId, meshId(made.artifactId()),
                    made.name(), made.parts(), check));
        }
        if (answer.state() != null) {
            attempt(agentId, taskId, () -> moveTo(agentId, taskId, answer.state(), check));
        }
    }

    /** The remote server no longer knows the task: it fails, for the requester to learn. */
    void lost(String agentId, String taskId, String counterpart) {
        LOG.info(() -> "Remote agent " + agentId + " no longer knows task " + taskId + "; it fails");
        attempt(agentId, taskId, () -> lifecycle.changeStatus(taskId, agentId, TaskState.FAILED,
                "The remote A2A agent no longer knows this task", identity.beforeWriting(agentId, counterpart)));
    }

    private Object moveTo(String agentId, String taskId, String state, ContactCheck check) {
        String current = reader.read(taskId, agentId, 0).status().state();
        if (current.equals(state)) {
            return null;
        }
        return state.equals("canceled") ? lifecycle.cancel(taskId, agentId, null)
                : lifecycle.changeStatus(taskId, agentId, TaskState.fromWireName(state), null, check);
    }

    // What the mesh refuses of an answer (an artifact already there, a task already over) is left out, not retried:
    // the remote agent has done its part.
    private static void attempt(String agentId, String taskId, java.util.function.Supplier<?> write) {
        try {
            write.get();
        } catch (TaskLifecycle.ArtifactExistsException alreadyThere) {
            // applied before
        } catch (MeshException e) {
            LOG.info(() -> "Part of the answer of " + agentId + " in task " + taskId + " is left out: "
                    + e.getMessage());
        }
    }

    /** A remote id as a mesh id: itself when it fits the mesh's form, otherwise a digest of it. */
    static String meshId(String remoteId) {
        return remoteId.matches(Ids.MESSAGE_ID) ? remoteId : "a2a-" + Sha256.hex(remoteId).substring(0, 40);
    }
}

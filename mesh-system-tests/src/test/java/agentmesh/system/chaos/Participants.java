package agentmesh.system.chaos;

import agentmesh.system.FakeIdentityService;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agents of a run, registered with the mesh and allowed to talk to each other by the identity service, each
 * with its sending side and its live inbox reader.
 */
final class Participants {

    private final List<Agent> agents = new ArrayList<>();
    private final List<AgentSender> senders = new ArrayList<>();
    private final Map<String, InboxWatcher> watchers = new LinkedHashMap<>();

    Participants(ChaosProfile profile, MeshClient mesh, FakeIdentityService identity) {
        for (int i = 0; i < profile.agents(); i++) {
            agents.add(mesh.registerAgent(String.format("agent%02d", i)));
        }
        agents.forEach(one -> agents.stream()
                .filter(other -> !other.equals(one))
                .forEach(other -> identity.allow(one.id(), other.id())));
        Conversations conversations = new Conversations();
        for (int i = 0; i < agents.size(); i++) {
            Agent agent = agents.get(i);
            senders.add(new AgentSender(
                    agent, agents, mesh, conversations, profile.seed() * 31 + i, profile.lostAnswerShare()));
            watchers.put(agent.id(), new InboxWatcher(mesh, agent));
        }
    }

    List<Agent> agents() {
        return agents;
    }

    List<AgentSender> senders() {
        return senders;
    }

    void startReading() {
        watchers.values().forEach(InboxWatcher::start);
    }

    void stopReading() {
        watchers.values().forEach(InboxWatcher::stop);
    }

    /** Whether the recipient's live reader has seen every acknowledged message. */
    boolean allAcknowledgedSeen() {
        return sends().stream()
                .filter(SendRecord::acknowledged)
                .allMatch(send -> watchers.get(send.to()).hasSeen(send.messageId()));
    }

    List<SendRecord> sends() {
        return senders.stream().flatMap(sender -> sender.records().stream()).toList();
    }

    Map<String, List<DeliveredEvent>> liveViews() {
        Map<String, List<DeliveredEvent>> views = new LinkedHashMap<>();
        watchers.forEach((agent, watcher) -> views.put(agent, watcher.seen()));
        return views;
    }

    /** Attempts that failed and were retried, by outcome, over all senders. */
    Map<AttemptOutcome, Integer> failedAttempts() {
        Map<AttemptOutcome, Integer> failed = new EnumMap<>(AttemptOutcome.class);
        sends().forEach(send ->
                send.failures().forEach((outcome, count) -> failed.merge(outcome, count, Integer::sum)));
        return failed;
    }

    /** What went wrong in the senders and readers themselves. */
    List<String> errors() {
        List<String> errors = new ArrayList<>();
        senders.forEach(sender -> sender.errors().forEach(error -> errors.add("sender: " + error)));
        watchers.values().forEach(watcher -> errors.addAll(watcher.errors()));
        return errors;
    }
}

package agentmesh.system.bench;

import agentmesh.system.ApiResponse;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshClient.Agent;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark's agents: pairs allowed to talk, each agent with a standing task opened to its partner (most sends
 * go into it, as a conversation does), its partner and its index.
 */
final class BenchAgents {

    record Member(int index, Agent agent, Agent partner, String standingTask) {}

    private final List<Member> members;

    private BenchAgents(List<Member> members) {
        this.members = members;
    }

    static BenchAgents register(MeshClient mesh, int pairs) {
        List<Agent[]> pairList = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
            Agent one = mesh.registerAgent("bench-a" + p);
            Agent other = mesh.registerAgent("bench-b" + p);
            mesh.allow(one, other);
            pairList.add(new Agent[] {one, other});
        }
        List<Member> members = new ArrayList<>();
        for (Agent[] pair : pairList) {
            members.add(new Member(members.size(), pair[0], pair[1], openTask(mesh, pair[0], pair[1])));
            members.add(new Member(members.size(), pair[1], pair[0], openTask(mesh, pair[1], pair[0])));
        }
        return new BenchAgents(members);
    }

    private static String openTask(MeshClient mesh, Agent from, Agent to) {
        ApiResponse answer = mesh.post(
                "messages",
                from.token(),
                MeshClient.textMessage(null, to, null, "a standing conversation for the benchmark"));
        if (answer.status() != 201) {
            throw new IllegalStateException("opening a task from " + from.id() + ": " + answer);
        }
        return answer.json().getString("taskId");
    }

    List<Member> all() {
        return members;
    }

    Member get(int index) {
        return members.get(index % members.size());
    }

    int size() {
        return members.size();
    }
}

package agentmesh.a2a.boundary;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Who calls, about which agent, in which version, through which binding: what a binding hands the dispatch. */
record A2aCall(
        String caller,
        String tokenHash,
        String agent,
        A2aVersion version,
        A2aWire wire,
        HttpServletRequest request,
        HttpServletResponse response) {

    /** The call as a request that waits on one of the agent's tasks. */
    WaitingCall.Call waitingOn(String taskId) {
        return new WaitingCall.Call(caller, tokenHash, agent, taskId, version, wire);
    }
}

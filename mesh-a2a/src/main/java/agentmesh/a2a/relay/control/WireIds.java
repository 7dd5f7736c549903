package agentmesh.a2a.relay.control;

import agentmesh.digest.Sha256;

/**
 * The ids the relay gives a remote agent for what mesh agents send it. In the mesh a message id is unique per sender
 * only, and a context id is whatever the task's requester chose; a remote server sees every sender through one
 * bearer token, in one namespace. Sent as they are, two senders' equal ids would be one id there — and a server that
 * deduplicates by message id would answer the second sender with the first one's task. So each id goes out as a
 * digest of the remote agent, the sender and the id: equal ids of two senders differ, and the same message sent
 * again (a retry, a replay) has the same id, so the server's deduplication still works.
 */
final class WireIds {

    private WireIds() {}

    /** The A2A {@code messageId} of a sender's message to the remote agent. */
    static String messageId(String agentId, String sender, String messageId) {
        return "m-" + digest(agentId, sender, messageId);
    }

    /** The A2A {@code contextId} of a sender's mesh context, for the remote agent. */
    static String contextId(String agentId, String sender, String contextId) {
        return "ctx-" + digest(agentId, sender, contextId);
    }

    // 128 bits of SHA-256; a newline separates the parts, for no agent, message or context id may hold one.
    private static String digest(String agentId, String sender, String id) {
        return Sha256.hex(agentId + "\n" + sender + "\n" + id).substring(0, 32);
    }
}

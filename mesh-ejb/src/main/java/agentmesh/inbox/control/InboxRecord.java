package agentmesh.inbox.control;

/** A record of the events topic as the consumer hands it over: its key (the recipient) and its value. */
public record InboxRecord(String key, String value) {}

package agentmesh.deadletter;

/** How many letters of a dead-letter store wait for an admin: {@code {"count":N}}. */
public record DeadLetterCount(long count) {}

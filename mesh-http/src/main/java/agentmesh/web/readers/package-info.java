/**
 * The threads that read for woken waiters: the inbox's long polls and streams, the A2A facade's waiting calls.
 *
 * <p>Operations: {@link agentmesh.web.readers.ReaderThreads#execute(Runnable)} runs a read on a small pool of container
 * threads; {@link agentmesh.web.readers.ReaderThreads#execute(String, Runnable)} runs it in the agent's own lane
 * ({@link agentmesh.web.readers.AgentLanes}).
 *
 * <p>Invariants: the pool's threads are few and fixed (a burst waits in the queue, not in new threads); one agent's
 * work runs one task at a time, so a client that does not read holds one thread at most; the pool exists from the
 * application's start, so that a wake-up on a foreign thread is never lost.
 */
package agentmesh.web.readers;

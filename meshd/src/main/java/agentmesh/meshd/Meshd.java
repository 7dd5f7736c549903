package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import agentmesh.client.InboxSubscription;
import agentmesh.client.MeshAgent;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One agent's daemon: runs the brain's start actions, then streams the inbox from after the last event it handled
 * and, one event at a time (the brain's pace is the agent's backpressure): drops an event it handled already, hands
 * the others to the brain, records each as handled on disk, and acknowledges it to the mesh. A crash between the
 * brain's actions and the record makes the event come again; {@link Actions} keeps the second handling from acting
 * twice.
 */
final class Meshd {

    private final MeshAgent agent;
    private final Brain brain;
    private final HandledEvents handled;
    private final Transcript transcript;
    private final Long after;
    private final CompletableFuture<Throwable> ended = new CompletableFuture<>();
    private volatile InboxSubscription subscription;

    /**
     * {@code after}: the cursor to read after, or null for after the last event handled here (or, with no state,
     * after the last one acknowledged to the mesh). Reading again from an earlier cursor hands the brain only the
     * events it has not handled: the store remembers the most recent 10,000 by key.
     */
    Meshd(MeshAgent agent, Brain brain, HandledEvents handled, Transcript transcript, Long after) {
        this.agent = agent;
        this.brain = brain;
        this.handled = handled;
        this.transcript = transcript;
        this.after = after;
    }

    /** Runs until the stream ends: returns null when it was stopped, else why it ended. */
    Throwable run() throws Exception {
        brain.start(new Actions(agent, handled.runId(), null, transcript));
        Long from = after != null ? after : handled.cursor().orElse(null);
        transcript.note(
                agent.agentId(),
                "reading the inbox after " + (from == null ? "the last acknowledged event" : "#" + from));
        subscription = agent.subscribe(from, new InboxSubscription.Listener() {
            @Override
            public void onEvent(InboxEvent event) throws Exception {
                handle(event);
            }

            @Override
            public void ended(Throwable cause) {
                ended.complete(cause);
            }
        });
        try {
            return ended.get();
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    /** Stops reading; the event being handled is finished first. */
    void stop() {
        InboxSubscription current = subscription;
        if (current != null) {
            current.close();
        }
        ended.complete(null);
    }

    private void handle(InboxEvent event) throws Exception {
        String key = event.envelope().eventId() != null ? event.envelope().eventId() : "cursor-" + event.cursor();
        if (handled.contains(key)) {
            transcript.note(agent.agentId(), "#" + event.cursor() + " was handled before; acknowledged again");
        } else {
            transcript.received(agent.agentId(), event);
            brain.handle(new Actions(agent, key, event, transcript));
            handled.add(key, event.cursor());
        }
        try {
            agent.ack(event.cursor(), event.trace());
        } catch (RuntimeException e) {
            // Recorded as handled: the next acknowledgement covers this one, and a restart skips it.
            transcript.note(agent.agentId(), "could not acknowledge #" + event.cursor() + ": " + e.getMessage());
        }
    }
}

package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskReader;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletResponse;

/**
 * An A2A request suspended on a task (a blocking send, a stream): who asked, about which task of which two agents,
 * in which version and binding, the request's async context and the caller's place it holds
 * ({@link WaitPlaces}). Watched by {@link TaskWatches} until it ends; however it ends — answered, timed out, the
 * client gone, the token rotated, the server stopping — {@link #finish} stops the watch and gives the place back.
 */
abstract class WaitingCall implements TaskWatches.Watch, AsyncListener {

    /** Who asked and how: the caller (with its token), the agent of the address, the task, the dialect. */
    record Call(String caller, String tokenHash, String agent, String taskId, A2aVersion version, A2aWire wire) {}

    final Call call;
    final TaskReader reader;
    final TaskWatches watches;
    final AsyncContext async;
    private final WaitPlaces.Place place;

    WaitingCall(Call call, WaitPlaces.Place place, TaskReader reader, TaskWatches watches, AsyncContext async) {
        this.call = call;
        this.place = place;
        this.reader = reader;
        this.watches = watches;
        this.async = async;
    }

    HttpServletResponse response() {
        return (HttpServletResponse) async.getResponse();
    }

    /** Completes the request, unless the container already has (the client went away). */
    void complete() {
        finish();
        try {
            async.complete();
        } catch (IllegalStateException alreadyOver) {
            // nothing left to complete
        }
    }

    /** Nothing more to look at: the watch stops and the caller's place is free (once, however often called). */
    void finish() {
        watches.unwatch(this);
        place.release();
    }

    @Override
    public String caller() {
        return call.caller();
    }

    @Override
    public String agent() {
        return call.agent();
    }

    @Override
    public String taskId() {
        return call.taskId();
    }

    @Override
    public String tokenHash() {
        return call.tokenHash();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        finish();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // nothing to do
    }
}

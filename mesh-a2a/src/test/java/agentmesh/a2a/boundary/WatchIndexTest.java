package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskView;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WatchIndexTest {

    /** A watch with an identity of its own, as a request's is: two alike are still two. */
    static class TestWatch implements TaskWatches.Watch {
        final String caller;
        final String agent;
        final String taskId;
        final String tokenHash;

        TestWatch(String caller, String agent, String taskId) {
            this(caller, agent, taskId, "hash-of-" + caller);
        }

        TestWatch(String caller, String agent, String taskId, String tokenHash) {
            this.caller = caller;
            this.agent = agent;
            this.taskId = taskId;
            this.tokenHash = tokenHash;
        }

        @Override
        public String caller() {
            return caller;
        }

        @Override
        public String agent() {
            return agent;
        }

        @Override
        public String taskId() {
            return taskId;
        }

        @Override
        public String tokenHash() {
            return tokenHash;
        }

        @Override
        public void check(TaskView task) {
        }

        @Override
        public void failed(RuntimeException e) {
        }

        @Override
        public void heartbeat() {
        }

        @Override
        public void revoke() {
        }

        @Override
        public void end() {
        }
    }

    private final WatchIndex index = new WatchIndex();

    @Test
    void aSignalNamesEachTaskWatchedWithTheAgentOnceHoweverManyWatchesItHas() {
        for (int i = 0; i < 5; i++) {
            index.join(new TestWatch("alice", "bob", "t-1"));
        }
        index.join(new TestWatch("alice", "bob", "t-2"));

        assertEquals(Set.of("t-1", "t-2"), index.tasksToLookAt("alice", 17));
        assertEquals(6, index.ofAgent("alice").size());
        assertEquals(5, index.ofTask("t-1").size());
    }

    @Test
    void aSignalOfEitherAgentOfAWatchNamesItsTaskAndNoOtherAgentsTasks() {
        index.join(new TestWatch("alice", "bob", "t-1"));
        index.join(new TestWatch("carol", "dave", "t-9"));

        assertEquals(Set.of("t-1"), index.tasksToLookAt("bob", 3));
        assertEquals(Set.of("t-1"), index.tasksToLookAt("alice", 3));
        assertEquals(Set.of(), index.tasksToLookAt("erin", 3));
    }

    @Test
    void aSignalNotPastACursorAlreadyActedOnNamesNothing() {
        index.join(new TestWatch("alice", "bob", "t-1"));
        assertEquals(Set.of("t-1"), index.tasksToLookAt("alice", 17));

        assertEquals(Set.of(), index.tasksToLookAt("alice", 17)); // the change feed repeats it
        assertEquals(Set.of(), index.tasksToLookAt("alice", 16)); // a late signal of the delivering server
        assertEquals(Set.of("t-1"), index.tasksToLookAt("alice", 18));
    }

    @Test
    void anAgentWhoseWatchesAllEndedIsForgotten() {
        TestWatch watch = new TestWatch("alice", "bob", "t-1");
        index.join(watch);
        index.tasksToLookAt("alice", 17);

        index.leave(watch);

        assertEquals(0, index.agents());
        assertEquals(0, index.ofTask("t-1").size());
        index.join(new TestWatch("alice", "bob", "t-2"));
        assertEquals(Set.of("t-2"), index.tasksToLookAt("alice", 17)); // nothing was kept of the cursor either
    }
}

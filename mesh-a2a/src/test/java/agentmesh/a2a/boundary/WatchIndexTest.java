package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.task.control.TaskView;
import org.junit.jupiter.api.Test;

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
        public void check(TaskView task) {}

        @Override
        public void failed(RuntimeException e) {}

        @Override
        public void heartbeat() {}

        @Override
        public void revoke() {}

        @Override
        public void end() {}
    }

    private final WatchIndex index = new WatchIndex();

    @Test
    void aTaskHasEachOfItsWatchesAlikeOrNot() {
        for (int i = 0; i < 5; i++) {
            index.join(new TestWatch("alice", "bob", "t-1"));
        }
        index.join(new TestWatch("alice", "bob", "t-2"));

        assertEquals(5, index.ofTask("t-1").size());
        assertEquals(1, index.ofTask("t-2").size());
        assertEquals(6, index.all().size());
    }

    @Test
    void aTaskWhoseWatchesAllEndedIsForgotten() {
        TestWatch watch = new TestWatch("alice", "bob", "t-1");
        index.join(watch);

        index.leave(watch);

        assertEquals(0, index.tasks());
        assertEquals(0, index.ofTask("t-1").size());
    }
}

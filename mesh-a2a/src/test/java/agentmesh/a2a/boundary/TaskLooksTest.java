package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class TaskLooksTest {

    /** Holds what is handed to it until the test runs it: the test sees what waits on the reader threads. */
    private static final class HeldThreads implements Executor {
        final Queue<Runnable> queued = new ArrayDeque<>();

        @Override
        public void execute(Runnable command) {
            queued.add(command);
        }

        void runAll() {
            while (!queued.isEmpty()) {
                queued.poll().run();
            }
        }
    }

    private final HeldThreads threads = new HeldThreads();
    private final List<String> looked = new ArrayList<>();

    @Test
    void manyRequestsForOneTaskBeforeItsLookAreOneLook() {
        TaskLooks looks = new TaskLooks(threads, 2, 16, looked::add);

        for (int i = 0; i < 100; i++) {
            looks.request("t-1");
        }
        threads.runAll();

        assertEquals(List.of("t-1"), looked);
    }

    @Test
    void aRequestDuringALookBringsExactlyOneMoreLook() {
        TaskLooks[] looks = new TaskLooks[1];
        looks[0] = new TaskLooks(threads, 2, 16, taskId -> {
            looked.add(taskId);
            if (looked.size() == 1) { // changes while the first look reads
                looks[0].request(taskId);
                looks[0].request(taskId);
            }
        });

        looks[0].request("t-1");
        threads.runAll();

        assertEquals(List.of("t-1", "t-1"), looked);
    }

    @Test
    void aSignalNamingManyTasksHoldsNoMoreThanTheLookersOnTheReaderThreads() {
        TaskLooks looks = new TaskLooks(threads, 2, 3, looked::add);

        for (int i = 0; i < 10; i++) {
            looks.request("t-" + i);
        }

        assertEquals(2, threads.queued.size());
        threads.queued.poll().run(); // one turn looks at its share, then hands over to a new one
        assertEquals(3, looked.size());
        assertEquals(2, threads.queued.size());
        threads.runAll();
        assertEquals(10, looked.size());
        assertEquals(0, looks.waiting());
    }

    @Test
    void aLookThatFailsLeavesTheOthersAndTheTaskCanBeLookedAtAgain() {
        TaskLooks looks = new TaskLooks(threads, 1, 16, taskId -> {
            looked.add(taskId);
            if (taskId.equals("t-bad")) {
                throw new IllegalStateException("the database is away");
            }
        });

        looks.request("t-bad");
        looks.request("t-good");
        threads.runAll();
        looks.request("t-bad");
        threads.runAll();

        assertEquals(List.of("t-bad", "t-good", "t-bad"), looked);
    }
}

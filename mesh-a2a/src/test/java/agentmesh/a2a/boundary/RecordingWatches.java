package agentmesh.a2a.boundary;

import java.util.ArrayList;
import java.util.List;

/** Watches that only record: the test looks (calls check) itself. */
class RecordingWatches extends TaskWatches {

    final List<Watch> watching = new ArrayList<>();
    int lookAgainRequests;

    @Override
    void watch(Watch watch) {
        watching.add(watch);
    }

    @Override
    void unwatch(Watch watch) {
        watching.remove(watch);
    }

    @Override
    void lookAgain(Watch watch) {
        lookAgainRequests++;
    }
}

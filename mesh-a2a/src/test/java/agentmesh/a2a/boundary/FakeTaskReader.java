package agentmesh.a2a.boundary;

import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessagePage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import java.util.ArrayList;
import java.util.List;

/**
 * A task in memory, paged as {@link TaskReader} pages it: messages after a seq, artifacts after a cursor (the
 * position of an artifact, counted from 1), the page's end cursor always, its next only when more follow. Records
 * every read.
 */
class FakeTaskReader extends TaskReader {

    TaskView task;
    final List<MessageView> messages = new ArrayList<>();
    final List<TaskLifecycle.ArtifactView> artifacts = new ArrayList<>();
    final List<String> reads = new ArrayList<>();
    int artifactsRead;

    @Override
    public TaskView read(String taskId, String reader, int historyLength) {
        reads.add("task with " + historyLength);
        return task;
    }

    @Override
    public TaskView status(String taskId, String reader) {
        reads.add("status");
        return task;
    }

    @Override
    public MessagePage messages(String taskId, String reader, long afterSeq, int limit) {
        reads.add("messages after " + afterSeq);
        List<MessageView> page =
                messages.stream().filter(m -> m.seq() > afterSeq).limit(limit).toList();
        return new MessagePage(
                page, page.isEmpty() ? afterSeq : page.get(page.size() - 1).seq());
    }

    @Override
    public ArtifactPage artifacts(String taskId, String reader, long after, int limit) {
        reads.add("artifacts after " + after + " up to " + limit);
        int from = (int) after;
        int to = Math.min(artifacts.size(), from + limit);
        artifactsRead += to - from;
        return ArtifactPage.of(List.copyOf(artifacts.subList(from, to)), to, to < artifacts.size());
    }
}

package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import java.io.PrintStream;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/** The conversation as meshd shows it on its terminal: one line per event received and per action taken. */
final class Transcript {

    private final PrintStream out;

    Transcript(PrintStream out) {
        this.out = out;
    }

    void received(String agentId, InboxEvent event) {
        line(agentId, "<- #" + event.cursor() + " [" + event.taskId() + "] " + describe(event));
    }

    void said(String agentId, String to, String taskId, String text, boolean repeated) {
        line(agentId, "-> " + to + " [" + taskId + "] \"" + text + "\"" + (repeated ? " (sent before)" : ""));
    }

    void note(String agentId, String text) {
        line(agentId, "   " + text);
    }

    static String describe(InboxEvent event) {
        if (event instanceof InboxEvent.MessageEvent message) {
            return "message from " + message.from() + ": \"" + text(message) + "\"";
        }
        if (event instanceof InboxEvent.StatusEvent status) {
            return "task is " + status.status().state().wireName()
                    + (status.status().reason() == null
                            ? ""
                            : " (" + status.status().reason() + ")");
        }
        InboxEvent.ArtifactEvent artifact = (InboxEvent.ArtifactEvent) event;
        return "artifact \"" + artifact.artifact().name() + "\" from " + artifact.from();
    }

    static String text(InboxEvent.MessageEvent message) {
        return message.parts().stream()
                .map(part -> part.text() == null ? "[" + part.kind() + "]" : part.text())
                .reduce((a, b) -> a + " " + b)
                .orElse("");
    }

    private synchronized void line(String agentId, String text) {
        out.println(LocalTime.now().truncatedTo(ChronoUnit.MILLIS) + " " + agentId + " " + text);
        out.flush();
    }
}

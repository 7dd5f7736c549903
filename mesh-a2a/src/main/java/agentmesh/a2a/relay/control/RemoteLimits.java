package agentmesh.a2a.relay.control;

import java.time.Duration;

/**
 * The bounds of every outbound call to a remote A2A server, so that no remote can hold a relay or follower thread,
 * or the mesh's memory, for longer or more than these: the connection ({@code connect}), the answer's head
 * ({@code firstByte}), a pause in its body or between a stream's events ({@code idle}; a stream's keep-alive comments
 * count as events), a whole call ({@code call}) and a whole stream ({@code stream}, after which it is opened again
 * and catches up from the task); the bytes of an answer or a card ({@code maxAnswerBytes}) and of one stream event
 * ({@code maxEventBytes}).
 */
record RemoteLimits(
        Duration connect,
        Duration firstByte,
        Duration idle,
        Duration call,
        Duration stream,
        long maxAnswerBytes,
        long maxEventBytes) {

    RemoteLimits {
        for (Duration duration : new Duration[] {connect, firstByte, idle, call, stream}) {
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("every time bound of a remote call must be positive");
            }
        }
        if (maxAnswerBytes < 1024 || maxEventBytes < 1024) {
            throw new IllegalArgumentException("a remote answer and event must be allowed at least 1 KiB");
        }
    }

    /** A bound as the reasons name it: "60 s", or "500 ms" below a second. */
    static String describe(Duration bound) {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
    }
}

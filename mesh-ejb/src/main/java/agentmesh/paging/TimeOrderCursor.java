package agentmesh.paging;

import agentmesh.problem.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.Base64;

/**
 * Where a listing ordered by a time and then an id stopped (tasks by their activity, agents by their last activity):
 * the last row's time and id, opaque to clients (URL-safe base64).
 */
public record TimeOrderCursor(LocalDateTime time, String id) {

    public String encode() {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((time + "|" + id).getBytes(StandardCharsets.UTF_8));
    }

    public static TimeOrderCursor decode(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int bar = text.indexOf('|');
            return new TimeOrderCursor(LocalDateTime.parse(text.substring(0, bar)), text.substring(bar + 1));
        } catch (RuntimeException e) {
            throw new InvalidRequestException("cursor", "is not a cursor this API handed out");
        }
    }
}

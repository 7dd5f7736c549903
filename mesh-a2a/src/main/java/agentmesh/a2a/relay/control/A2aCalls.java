package agentmesh.a2a.relay.control;

import agentmesh.json.MeshJson;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import agentmesh.web.JsonBodies;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Calls to a remote A2A server — its JSON-RPC interface, and its card — answered as one of four things: its result;
 * a refusal (a JSON-RPC error, an HTTP 3xx or 4xx, an answer past its byte bound) — trying the same again will not
 * help; the server out of reach (no connection, a timeout, 5xx, 408, 429, an answer that is no JSON-RPC response, a
 * host name that does not resolve now, a bearer token this mesh cannot read) — it may later; or not allowed: the mesh's
 * own {@link UrlPolicy} forbids the call (the URL, or a bearer token for an endpoint off the card's origin), until
 * an admin changes the agent or the settings. Every exchange is bounded ({@link RemoteHttp}).
 */
final class A2aCalls {

    private static final int MAX_DEPTH = 64;

    sealed interface Reply {}

    record Result(JsonObject result) implements Reply {}

    /** {@code code}: the JSON-RPC error's, 0 for any other refusal. */
    record Refused(String why, int code) implements Reply {

        Refused(String why) {
            this(why, 0);
        }
    }

    record Unreachable(String why) implements Reply {}

    record NotAllowed(String why) implements Reply {}

    // Not the exception's message: it could hold the header's value, the token.
    private static final String UNSENDABLE = "the request cannot be sent (is the bearer token fit for an HTTP header?)";

    private final RemoteHttp http;
    private final RemoteLimits limits;
    private final UrlPolicy policy;
    private final Tracing tracing;

    A2aCalls(RemoteLimits limits, UrlPolicy policy, Tracing tracing) {
        this.http = new RemoteHttp(limits);
        this.limits = limits;
        this.policy = policy;
        this.tracing = tracing;
    }

    Reply call(RemoteAgents.Target target, String method, JsonObject params) {
        return call(target, method, params, null, 0);
    }

    /**
     * A call made for an inbox event: when the event carries a trace context, in a CLIENT span named as the method,
     * its child, the span's context in the request's headers and, for a message, in its {@code metadata} (where the
     * mesh's own A2A server looks first). {@code attempt}: how often the call was made for the event before.
     */
    Reply call(RemoteAgents.Target target, String method, JsonObject params, TraceContext event, int attempt) {
        Reply blocked = blocked(target);
        if (blocked != null) {
            return blocked;
        }
        CallSpan span = event == null
                ? CallSpan.NONE
                : CallSpan.start(tracing, method, URI.create(target.endpoint()), event, attempt)
                        .attribute("rpc.system", "jsonrpc")
                        .attribute("rpc.method", method);
        HttpRequest.Builder request;
        try {
            request = span.inject(request(target, method, withTrace(params, span.sent()), "application/json"));
        } catch (IllegalArgumentException e) {
            return span.ended(new NotAllowed(UNSENDABLE), e);
        }
        return exchange(request, A2aCalls::reply, span);
    }

    /**
     * Calls a streaming method ({@code SubscribeToTask}) and hands each event's result to {@code events} as it comes,
     * until the server ends the stream or its time ({@link RemoteLimits#stream()}) is up — a {@link Result} with an
     * empty object — or it refuses, goes idle or is lost. A server that answers with one plain JSON-RPC result
     * instead has it handed over as the one event. What {@code events} throws is none of the server's doing: it
     * escapes as it was thrown (the stream closed), never taken for a reply.
     */
    Reply stream(RemoteAgents.Target target, String method, JsonObject params, Consumer<JsonObject> events) {
        Reply blocked = blocked(target);
        if (blocked != null) {
            return blocked;
        }
        HttpRequest.Builder request;
        try {
            request = request(target, method, params, "text/event-stream");
        } catch (IllegalArgumentException e) {
            return new NotAllowed(UNSENDABLE);
        }
        try {
            RemoteHttp.Opened opened = http.open(request);
            if (opened instanceof RemoteHttp.Answered answered) {
                Reply reply = reply(answered.answer());
                if (!(reply instanceof Result result)) {
                    return reply;
                }
                handOver(events, result.result());
                return new Result(JsonValue.EMPTY_JSON_OBJECT);
            }
            try (EventStreamBody stream = ((RemoteHttp.Streaming) opened).events()) {
                for (String data = stream.next(); data != null; data = stream.next()) {
                    JsonObject answer = json(data);
                    if (answer.get("error") instanceof JsonObject error) {
                        return refused(error);
                    }
                    if (answer.get("result") instanceof JsonObject result) {
                        handOver(events, result);
                    }
                }
            }
            return new Result(JsonValue.EMPTY_JSON_OBJECT);
        } catch (Handed e) {
            throw e.thrown;
        } catch (TooLargeException e) {
            return new Refused(e.getMessage());
        } catch (IOException e) {
            return new Unreachable("the stream broke: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (JsonException | ClassCastException e) {
            return new Unreachable("not a JSON-RPC event: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Unreachable("interrupted");
        }
    }

    // What the consumer of a stream's events threw, carried past the catches meant for the server's replies.
    private static final class Handed extends RuntimeException {

        final RuntimeException thrown;

        Handed(RuntimeException thrown) {
            super(null, null, false, false);
            this.thrown = thrown;
        }
    }

    private static void handOver(Consumer<JsonObject> events, JsonObject result) {
        try {
            events.accept(result);
        } catch (RuntimeException e) {
            throw new Handed(e);
        }
    }

    /** Fetches an agent card (with the bearer token, when there is one): a {@link Result} holds the card. */
    Reply card(String cardUrl, String secret) {
        UrlPolicy.Verdict verdict = policy.check(cardUrl);
        if (verdict instanceof UrlPolicy.Forbidden forbidden) {
            return new NotAllowed(forbidden.why());
        }
        if (verdict instanceof UrlPolicy.Unresolvable unresolvable) {
            return new Unreachable(unresolvable.why());
        }
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(((UrlPolicy.Allowed) verdict).uri())
                    .header("Accept", "application/json")
                    .GET();
        } catch (IllegalArgumentException e) {
            return new NotAllowed("is no URL the mesh can call");
        }
        try {
            if (secret != null) {
                request.header("Authorization", "Bearer " + secret);
            }
            RemoteHttp.Answer answer = http.send(request, limits.maxAnswerBytes());
            if (answer.status() != 200) {
                return new Refused("answered HTTP " + answer.status());
            }
            return new Result(json(answer.text()));
        } catch (IllegalArgumentException e) {
            return new NotAllowed(UNSENDABLE);
        } catch (TooLargeException e) {
            return new Refused(e.getMessage());
        } catch (IOException e) {
            return new Unreachable("could not be read: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (JsonException | ClassCastException e) {
            return new Refused("is not a JSON agent card");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Unreachable("interrupted");
        }
    }

    /**
     * POSTs a body to a webhook (a push notification): a 2xx is a {@link Result} (with an empty object; what the
     * webhook answers is read within its bound and passed over); 408, 429, 5xx and no connection are out of reach;
     * any other answer is a refusal; a URL the policy forbids is not allowed. The headers are the caller's
     * credentials: a header value unfit for HTTP makes the call not allowed, and is not named. Made for an inbox
     * event that carries a trace context (else {@code event} is null), in a CLIENT span ({@code POST}), its child,
     * the span's context in the request's headers; {@code attempt}: how often it was made for the event before.
     */
    Reply post(
            String url, Map<String, String> headers, String contentType, String body, TraceContext event, int attempt) {
        UrlPolicy.Verdict verdict = policy.check(url);
        if (verdict instanceof UrlPolicy.Forbidden forbidden) {
            return new NotAllowed("the webhook " + url + " " + forbidden.why());
        }
        if (verdict instanceof UrlPolicy.Unresolvable unresolvable) {
            return new Unreachable("the webhook: " + unresolvable.why());
        }
        URI uri = ((UrlPolicy.Allowed) verdict).uri();
        CallSpan span = event == null ? CallSpan.NONE : CallSpan.start(tracing, "POST", uri, event, attempt);
        HttpRequest.Builder request;
        try {
            request = span.inject(HttpRequest.newBuilder(uri)
                    .header("Content-Type", contentType)
                    .POST(HttpRequest.BodyPublishers.ofString(body)));
            headers.forEach(request::header);
        } catch (IllegalArgumentException e) {
            return span.ended(
                    new NotAllowed("the request cannot be sent (are the token and credentials fit for HTTP headers?)"),
                    e);
        }
        return exchange(
                request,
                answer -> answer.status() >= 200 && answer.status() < 300
                        ? new Result(JsonValue.EMPTY_JSON_OBJECT)
                        : outOfReach(answer.status())
                                ? new Unreachable("HTTP " + answer.status())
                                : refusedStatus(answer),
                span);
    }

    // One bounded exchange, its answer read by read; what goes wrong on the way is a reply too, and ends the span.
    private Reply exchange(HttpRequest.Builder request, Function<RemoteHttp.Answer, Reply> read, CallSpan span) {
        try {
            RemoteHttp.Answer answer = http.send(request, limits.maxAnswerBytes());
            span.answered(answer.status());
            return span.ended(read.apply(answer), answer.status() >= 400 ? String.valueOf(answer.status()) : null);
        } catch (TooLargeException e) {
            return span.ended(new Refused(e.getMessage()), e);
        } catch (IOException e) {
            return span.ended(new Unreachable(e.getClass().getSimpleName() + ": " + e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return span.ended(new Unreachable("interrupted"), e);
        } catch (RuntimeException e) {
            span.failed(e);
            throw e;
        }
    }

    // A message's metadata with the trace context the other side is handed, as an A2A sender of the mesh sends it.
    private static JsonObject withTrace(JsonObject params, TraceContext sent) {
        if (sent == null || !(params.get("message") instanceof JsonObject message)) {
            return params;
        }
        JsonObjectBuilder metadata = MeshJson.object(
                        message.get("metadata") instanceof JsonObject m ? m : JsonValue.EMPTY_JSON_OBJECT)
                .add("traceparent", sent.traceparent());
        if (sent.tracestate() != null) {
            metadata.add("tracestate", sent.tracestate());
        }
        return MeshJson.object(params)
                .add("message", MeshJson.object(message).add("metadata", metadata))
                .build();
    }

    private static boolean outOfReach(int status) {
        return status >= 500 || status == 408 || status == 429;
    }

    private static Refused refusedStatus(RemoteHttp.Answer answer) {
        int status = answer.status();
        return new Refused("HTTP " + status + (status < 400 ? " (redirects are not followed)" : "") + ": "
                + abbreviated(answer.text()));
    }

    // What keeps a call from being made at all: the endpoint's URL, where the token may go, a token not readable.
    private Reply blocked(RemoteAgents.Target target) {
        UrlPolicy.Verdict verdict = policy.check(target.endpoint());
        if (verdict instanceof UrlPolicy.Forbidden forbidden) {
            return new NotAllowed("the endpoint " + target.endpoint() + " " + forbidden.why());
        }
        if (verdict instanceof UrlPolicy.Unresolvable unresolvable) {
            return new Unreachable("the endpoint: " + unresolvable.why());
        }
        if (target.hasSecret() && !UrlPolicy.sameOrigin(target.cardUrl(), target.endpoint())) {
            return new NotAllowed(offOrigin(target.endpoint(), target.cardUrl()));
        }
        if (target.secretProblem() != null) {
            return new Unreachable(target.secretProblem());
        }
        return null;
    }

    static String offOrigin(String endpoint, String cardUrl) {
        return "the endpoint " + endpoint + " is not at the origin of the card (" + cardUrl + "): the bearer token"
                + " is sent to the card's origin only";
    }

    private static HttpRequest.Builder request(
            RemoteAgents.Target target, String method, JsonObject params, String accept) {
        String body = MeshJson.object()
                .add("jsonrpc", "2.0")
                .add("id", UUID.randomUUID().toString())
                .add("method", method)
                .add("params", params)
                .build()
                .toString();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target.endpoint()))
                .header("Content-Type", "application/json")
                .header("Accept", accept)
                .header("A2A-Version", target.protocolVersion())
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (target.secret() != null) {
            request.header("Authorization", "Bearer " + target.secret());
        }
        return request;
    }

    private static Reply reply(RemoteHttp.Answer answer) {
        int status = answer.status();
        if (outOfReach(status)) {
            return new Unreachable("HTTP " + status);
        }
        String text = answer.text();
        JsonObject json = null;
        try {
            json = json(text);
        } catch (JsonException | ClassCastException e) {
            // below
        }
        if (json != null && json.get("error") instanceof JsonObject error) {
            return refused(error);
        }
        if (status >= 300) {
            return refusedStatus(answer);
        }
        if (json != null && json.get("result") instanceof JsonObject result) {
            return new Result(result);
        }
        return new Unreachable("not a JSON-RPC response: " + abbreviated(text));
    }

    private static Refused refused(JsonObject error) {
        int code = error.get("code") instanceof JsonNumber number ? number.intValue() : 0;
        return new Refused(
                "JSON-RPC error " + code + ": "
                        + abbreviated(String.valueOf(error.getOrDefault("message", JsonValue.NULL))),
                code);
    }

    private static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }

    // A remote's JSON, parsed only when it nests no deeper than a message needs: the parser recurses once per level,
    // and an answer 10,000 levels deep would overflow the calling thread's stack.
    private static JsonObject json(String text) {
        if (JsonBodies.depth(text) > MAX_DEPTH) {
            throw new JsonException("the answer nests deeper than " + MAX_DEPTH + " levels");
        }
        return MeshJson.readObject(text);
    }
}

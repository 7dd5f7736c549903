package agentmesh.client;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The HTTP exchange with the mesh for one token: requests with the bearer token, answers read as JSON, refusals
 * turned into {@link MeshProblemException}s, and retries where repeating the request is safe.
 */
final class MeshHttp {

    /** When a failed request may be sent again. */
    enum Repeat {
        /** The request is idempotent: repeat after any failure, a lost connection included. */
        ALWAYS,
        /** Repeat only when the mesh said it did nothing (429, 503, a server still starting). */
        WHEN_REFUSED
    }

    /** A successful answer: its status, and its body when it had one. */
    record Answer(int status, JsonObject body) {}

    private final HttpClient http;
    private final URI base;
    private final String token;
    private final RetryPolicy retries;
    private final Duration requestTimeout;

    MeshHttp(HttpClient http, URI base, String token, RetryPolicy retries, Duration requestTimeout) {
        this.http = http;
        this.base = base.toString().endsWith("/") ? base : URI.create(base + "/");
        this.token = token;
        this.retries = retries;
        this.requestTimeout = requestTimeout;
    }

    Answer get(String path) {
        return exchange("GET", path, null, Repeat.ALWAYS, requestTimeout);
    }

    /** A GET that the server may hold open for {@code wait} (a long poll). */
    Answer get(String path, Duration wait) {
        return exchange("GET", path, null, Repeat.ALWAYS, requestTimeout.plus(wait));
    }

    Answer post(String path, JsonObject body, Repeat repeat) {
        return exchange("POST", path, body, repeat, requestTimeout);
    }

    /** A POST in a trace: its context in the W3C headers (docs/TRACING.md); none for null. */
    Answer post(String path, JsonObject body, Repeat repeat, TraceContext trace) {
        return exchange("POST", path, body, repeat, requestTimeout, trace);
    }

    /** A PUT replaces what is there: the same body again does the same, so it is always repeated. */
    Answer put(String path, JsonObject body) {
        return exchange("PUT", path, body, Repeat.ALWAYS, requestTimeout);
    }

    Answer delete(String path) {
        return exchange("DELETE", path, null, Repeat.ALWAYS, requestTimeout);
    }

    /** Opens a stream (Server-Sent Events); the caller reads and closes it. A refusal is thrown, not retried. */
    InputStream openStream(String path, Optional<Long> lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                request(path).header("Accept", "text/event-stream").GET();
        lastEventId.ifPresent(id -> request.header("Last-Event-ID", Long.toString(id)));
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() >= 400) {
            try (InputStream body = response.body()) {
                throw refusal(
                        response.statusCode(),
                        response.headers(),
                        new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return response.body();
    }

    private Answer exchange(String method, String path, JsonObject body, Repeat repeat, Duration timeout) {
        return exchange(method, path, body, repeat, timeout, null);
    }

    private Answer exchange(
            String method, String path, JsonObject body, Repeat repeat, Duration timeout, TraceContext trace) {
        RuntimeException failure = null;
        for (int attempt = 1; attempt <= retries.maxAttempts(); attempt++) {
            Duration wait;
            try {
                HttpRequest.Builder request = request(path)
                        .timeout(timeout)
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body.toString()))
                        .header("Content-Type", "application/json");
                if (trace != null) {
                    request.header("traceparent", trace.traceparent());
                    if (trace.tracestate() != null) {
                        request.header("tracestate", trace.tracestate());
                    }
                }
                HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() < 400) {
                    return new Answer(
                            response.statusCode(), response.body().isBlank() ? null : Wire.parse(response.body()));
                }
                MeshProblemException refusal = refusal(response.statusCode(), response.headers(), response.body());
                if (!refusedUntouched(refusal)) {
                    throw refusal;
                }
                failure = refusal;
                wait = refusal.retryAfter().orElse(retries.backoff(attempt));
            } catch (IOException e) {
                failure = new UncheckedIOException(method + " " + base.resolve(path) + " failed: " + e, e);
                if (repeat != Repeat.ALWAYS) {
                    throw failure;
                }
                wait = retries.backoff(attempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while calling the mesh", e);
            }
            if (attempt < retries.maxAttempts()) {
                sleep(wait);
            }
        }
        throw failure;
    }

    /** 429 and 503 say the request was not worked on; so does an error page that is not the mesh's (starting). */
    private static boolean refusedUntouched(MeshProblemException refusal) {
        return refusal instanceof MeshProblemException.Overloaded;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
    }

    private static MeshProblemException refusal(int status, HttpHeaders headers, String body) {
        Duration retryAfter =
                headers.firstValue("Retry-After").flatMap(MeshHttp::seconds).orElse(null);
        if (!isProblem(headers)) {
            // Not the mesh's answer: a server still starting, or a proxy in front failing. Try again later.
            String excerpt = body.length() > 200 ? body.substring(0, 200) + "…" : body;
            return new MeshProblemException.Overloaded(
                    status,
                    "about:blank",
                    "not an answer of the mesh (a server starting?)",
                    excerpt.strip(),
                    List.of(),
                    retryAfter);
        }
        JsonObject problem = Wire.parse(body);
        List<MeshProblemException.FieldError> errors = Wire.list(
                problem,
                "errors",
                error -> new MeshProblemException.FieldError(
                        error.getString("field", ""), error.getString("message", "")));
        return MeshProblemException.of(
                status,
                problem.getString("type", "about:blank"),
                problem.getString("title", ""),
                Wire.optionalString(problem, "detail"),
                errors,
                retryAfter);
    }

    private static boolean isProblem(HttpHeaders headers) {
        return headers.firstValue("Content-Type")
                .map(type -> type.startsWith("application/problem+json"))
                .orElse(false);
    }

    private static Optional<Duration> seconds(String retryAfter) {
        try {
            return Optional.of(Duration.ofSeconds(Long.parseLong(retryAfter.trim())));
        } catch (NumberFormatException e) {
            return Optional.empty(); // an HTTP date: the mesh sends seconds; the backoff stands in
        }
    }

    static void sleep(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }
}

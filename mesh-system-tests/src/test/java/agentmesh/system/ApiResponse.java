package agentmesh.system;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.OptionalLong;

/** An HTTP answer of the mesh, with its body parsed when it is JSON. */
public record ApiResponse(int status, String contentType, String body, OptionalLong retryAfterSeconds) {

    static ApiResponse of(HttpResponse<String> response) {
        OptionalLong retryAfter = response.headers()
                .firstValue("Retry-After")
                .filter(value -> value.matches("\\d{1,9}"))
                .map(value -> OptionalLong.of(Long.parseLong(value)))
                .orElse(OptionalLong.empty());
        return new ApiResponse(
                response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(""),
                response.body(),
                retryAfter);
    }

    public JsonObject json() {
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }

    public boolean isProblem() {
        return contentType.startsWith("application/problem+json");
    }

    @Override
    public String toString() {
        return status + " " + contentType + " " + body;
    }
}

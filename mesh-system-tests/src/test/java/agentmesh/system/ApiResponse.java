package agentmesh.system;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;

import java.io.StringReader;
import java.net.http.HttpResponse;

/** An HTTP answer of the mesh, with its body parsed when it is JSON. */
record ApiResponse(int status, String contentType, String body) {

    static ApiResponse of(HttpResponse<String> response) {
        return new ApiResponse(response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(""), response.body());
    }

    JsonObject json() {
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }

    boolean isProblem() {
        return contentType.startsWith("application/problem+json");
    }

    @Override
    public String toString() {
        return status + " " + contentType + " " + body;
    }
}

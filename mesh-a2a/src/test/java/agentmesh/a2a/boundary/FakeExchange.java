package agentmesh.a2a.boundary;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** A suspended request's async context and response, recording what was written to it and whether it completed. */
final class FakeExchange {

    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    final Map<String, String> headers = new HashMap<>();
    int status = 200;
    int completions;

    final HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
            FakeExchange.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                switch (method.getName()) {
                    case "getOutputStream" -> {
                        return output();
                    }
                    case "setStatus" -> status = (Integer) args[0];
                    case "setHeader" -> headers.put((String) args[0], (String) args[1]);
                    default -> {
                        // content type, length, encoding, flushing: nothing to record
                    }
                }
                return null;
            });

    final AsyncContext async = (AsyncContext) Proxy.newProxyInstance(
            FakeExchange.class.getClassLoader(), new Class<?>[] {AsyncContext.class}, (proxy, method, args) -> {
                switch (method.getName()) {
                    case "getResponse" -> {
                        return response;
                    }
                    case "complete" -> completions++;
                    default -> {
                        // timeouts and listeners: the test calls the listener methods itself
                    }
                }
                return null;
            });

    String written() {
        return body.toString(StandardCharsets.UTF_8);
    }

    private ServletOutputStream output() {
        return new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {}

            @Override
            public void write(int b) {
                body.write(b);
            }
        };
    }
}

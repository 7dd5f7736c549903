package agentmesh.system;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A POST that asks first (Expect: 100-continue), as a well-behaved client does with a large body, spoken over a
 * plain socket: the body goes only after a 100 Continue, and a final answer to the headers alone ends the exchange.
 * JDK 17's HttpClient cannot be used for this: given a final answer at once (as WildFly gives a 413), it waits for
 * ever (JDK-8286171).
 */
final class ExpectContinue {

    private ExpectContinue() {}

    static ApiResponse post(URI uri, Map<String, String> headers, byte[] body) {
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            StringBuilder head = new StringBuilder("POST " + uri.getRawPath() + " HTTP/1.1\r\n")
                    .append("Host: ")
                    .append(uri.getHost())
                    .append(':')
                    .append(uri.getPort())
                    .append("\r\n")
                    .append("Content-Length: ")
                    .append(body.length)
                    .append("\r\n")
                    .append("Expect: 100-continue\r\nConnection: close\r\n");
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            Head answer = Head.read(in);
            if (answer.status() == 100) {
                out.write(body);
                out.flush();
                answer = Head.read(in);
            }
            byte[] content =
                    "chunked".equalsIgnoreCase(answer.header("transfer-encoding")) ? dechunk(in) : in.readAllBytes();
            return new ApiResponse(
                    answer.status(),
                    answer.header("content-type"),
                    new String(content, StandardCharsets.UTF_8),
                    OptionalLong.empty());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] dechunk(InputStream in) throws IOException {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (int size; (size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) > 0; ) {
            content.write(in.readNBytes(size));
            line(in);
        }
        return content.toByteArray();
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c == -1) {
                throw new IOException("The connection closed in the middle of an answer");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private record Head(int status, Map<String, String> headers) {

        static Head read(InputStream in) throws IOException {
            int status = Integer.parseInt(line(in).split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line; !(line = line(in)).isEmpty(); ) {
                int colon = line.indexOf(':');
                headers.put(
                        line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
            return new Head(status, headers);
        }

        String header(String name) {
            return headers.getOrDefault(name, "");
        }
    }
}

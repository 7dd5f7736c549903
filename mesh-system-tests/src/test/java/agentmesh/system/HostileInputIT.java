package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Over a thousand generated hostile requests — malformed JSON, wrong types, huge and deep bodies, bad ids, Unicode
 * edge cases, header abuse — and not one may be answered with a 5xx, be anything but a 4xx problem+json, or change
 * a row in the database.
 */
@ExtendWith(MeshStackExtension.class)
class HostileInputIT {

    private static final String VALID_PARTS = "[{\"kind\":\"text\",\"text\":\"hello\"}]";

    /** One hostile request: its body bytes, its headers, and a name for the report. */
    record Attack(String name, byte[] body, Map<String, String> headers) {}

    /**
     * The forged tokens above lock this address out of lookups for a moment (FailedAuthentications): the tests that
     * follow begin once a forged token of an agent token's form is looked up again (401, not 429).
     */
    @AfterAll
    static void addressNoLongerLockedOut() {
        MeshClient mesh = MeshClient.forStack();
        String forged = "mesh_" + "A".repeat(43);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> mesh.get("me", forged).status() == 401);
    }

    @Test
    void aThousandHostileRequestsGetFourHundredsAndChangeNothing() throws Exception {
        MeshClient mesh = MeshClient.forStack();
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String valid = "{\"to\":\"" + bob.id() + "\",\"parts\":" + VALID_PARTS + "}";
        List<Attack> attacks = attacks(new Random(20261202), valid, alice.token(), bob.id());
        assertTrue(attacks.size() >= 1000, "only " + attacks.size() + " attacks");

        Map<String, Long> before = MeshDatabase.rowCounts();
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        URI messages = MeshStackExtension.stack().config().baseUri().resolve("messages");
        List<String> wrong = new ArrayList<>();
        for (Attack attack : attacks) {
            HttpRequest.Builder request = HttpRequest.newBuilder(messages)
                    .timeout(Duration.ofSeconds(30))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(attack.body()));
            attack.headers().forEach(request::header);
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String type = answer.headers().firstValue("Content-Type").orElse("");
            if (answer.statusCode() < 400
                    || answer.statusCode() >= 500
                    || !type.startsWith("application/problem+json")) {
                wrong.add(attack.name() + " → " + answer.statusCode() + " " + type + " "
                        + answer.body().substring(0, Math.min(200, answer.body().length())));
            }
        }

        assertEquals(List.of(), wrong, wrong.size() + " of " + attacks.size() + " attacks were not refused properly");
        assertEquals(before, MeshDatabase.rowCounts());
    }

    private static List<Attack> attacks(Random random, String valid, String token, String to) {
        List<Attack> attacks = new ArrayList<>();
        Map<String, String> json = Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json");
        Consumer<String[]> text = nameAndBody ->
                attacks.add(new Attack(nameAndBody[0], nameAndBody[1].getBytes(StandardCharsets.UTF_8), json));

        // Malformed JSON: every truncation of a valid body, and random corruptions of it.
        for (int i = 0; i < valid.length() - 1; i++) {
            text.accept(new String[] {"truncated at " + i, valid.substring(0, i)});
        }
        // (Only outside the message text: a changed letter there is a fine message, not an attack.)
        String breakers = "{}[]\",:\\ ";
        int textStart = valid.indexOf("hello");
        for (int i = 0; i < 200; i++) {
            char[] chars = valid.toCharArray();
            int at = random.nextInt(textStart);
            chars[at] = breakers.charAt(random.nextInt(breakers.length()));
            String corrupted = new String(chars);
            if (!corrupted.equals(valid)) {
                text.accept(new String[] {"corrupted at " + at, corrupted});
            }
        }
        // Wrong types for every field.
        List<String> wrongValues = List.of("5", "-1.5e300", "true", "[]", "[\"" + to + "\"]", "{}", "{\"a\":1}");
        for (String field : List.of("to", "messageId", "taskId", "contextId", "parts")) {
            for (String value : wrongValues) {
                if (field.equals("parts") && value.equals("[]")) {
                    continue;
                }
                text.accept(new String[] {field + " = " + value, withField(to, field, value)});
            }
        }
        for (String part : List.of(
                "5",
                "\"text\"",
                "[]",
                "null",
                "{}",
                "{\"kind\":5}",
                "{\"kind\":\"text\"}",
                "{\"kind\":\"text\",\"text\":5}",
                "{\"kind\":\"text\",\"text\":null}",
                "{\"kind\":\"data\",\"data\":\"x\"}",
                "{\"kind\":\"data\",\"data\":[1]}",
                "{\"kind\":\"file\",\"file\":{}}",
                "{\"kind\":\"file\",\"file\":{\"bytes\":\"a\",\"uri\":\"b\"}}",
                "{\"kind\":\"file\",\"file\":{\"uri\":5}}",
                "{\"kind\":\"text\",\"text\":\"x\",\"metadata\":5}",
                "{\"kind\":\"TEXT\",\"text\":\"x\"}",
                "{\"kind\":\"text\",\"text\":\"x\",\"extra\":true}")) {
            text.accept(new String[] {"part " + part, "{\"to\":\"" + to + "\",\"parts\":[" + part + "]}"});
        }
        text.accept(new String[] {
            "65 parts",
            "{\"to\":\"" + to + "\",\"parts\":[" + "{\"kind\":\"text\",\"text\":\"x\"},".repeat(64)
                    + "{\"kind\":\"text\",\"text\":\"x\"}]}"
        });
        // Huge and deep bodies.
        for (int size : List.of(1024 * 1024, 2 * 1024 * 1024, 5 * 1024 * 1024)) {
            text.accept(new String[] {
                "text of " + size + " bytes",
                "{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + "y".repeat(size) + "\"}]}"
            });
        }
        for (int depth : List.of(33, 100, 1_000, 10_000, 100_000)) {
            text.accept(new String[] {
                "data " + depth + " deep",
                "{\"to\":\"" + to
                        + "\",\"parts\":[{\"kind\":\"data\",\"data\":" + "{\"a\":".repeat(depth) + "1"
                        + "}".repeat(depth) + "}]}"
            });
            text.accept(new String[] {
                "arrays " + depth + " deep",
                "{\"to\":\"" + to
                        + "\",\"parts\":[{\"kind\":\"data\",\"data\":{\"a\":" + "[".repeat(depth) + "]".repeat(depth)
                        + "}}]}"
            });
        }
        // Bad ids: random strings with characters ids may not have, and ids too long.
        String bad = " /\\?#%&<>'\"`;{}|^~*!$()+=,é中😀\t\n";
        for (int i = 0; i < 500; i++) {
            StringBuilder id = new StringBuilder("id");
            for (int n = 0; n < 1 + random.nextInt(10); n++) {
                id.append(bad.charAt(random.nextInt(bad.length())));
            }
            String field = List.of("to", "messageId", "taskId", "contextId").get(i % 4);
            text.accept(new String[] {"bad " + field + " " + id, withField(to, field, quote(id.toString()))});
        }
        text.accept(new String[] {"to too short", withField(to, "to", "\"ab\"")});
        text.accept(new String[] {"to too long", withField(to, "to", quote("a".repeat(129)))});
        text.accept(new String[] {"messageId too long", withField(to, "messageId", quote("m".repeat(201)))});
        text.accept(new String[] {"taskId too long", withField(to, "taskId", quote("t".repeat(65)))});
        text.accept(new String[] {"unknown task", withField(to, "taskId", "\"no-such-task\"")});
        text.accept(new String[] {
            "unknown recipient", withField("nobody-" + random.nextInt(1000) + "@it", "to", "\"nobody@it\"")
        });
        // Unicode edge cases: NUL and unpaired surrogates anywhere in the parts, as JSON escapes.
        for (String bits : List.of("\\u0000", "a\\u0000", "\\ud800", "\\udfff", "x\\ud83dy", "\\ude00\\ud83d")) {
            text.accept(new String[] {
                "text " + bits, "{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + bits + "\"}]}"
            });
            text.accept(new String[] {
                "data key " + bits,
                "{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"data\",\"data\":{\"" + bits + "\":1}}]}"
            });
            text.accept(new String[] {
                "data value " + bits,
                "{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"data\",\"data\":{\"k\":[\"" + bits + "\"]}}]}"
            });
            text.accept(new String[] {
                "file name " + bits,
                "{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"file\",\"file\":{\"name\":\"" + bits
                        + "\",\"uri\":\"u\"}}]}"
            });
        }
        // ... and bytes that are not UTF-8 at all.
        List<byte[]> invalidUtf8 = List.of(
                new byte[] {(byte) 0xC3, 0x28},
                new byte[] {(byte) 0xFF},
                new byte[] {(byte) 0xC0, (byte) 0xAF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                new byte[] {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
                new byte[] {(byte) 0xE2, (byte) 0x82});
        for (int i = 0; i < 60; i++) {
            byte[] junk = invalidUtf8.get(i % invalidUtf8.size());
            byte[] prefix = ("{\"to\":\"" + to + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + "z".repeat(i))
                    .getBytes(StandardCharsets.UTF_8);
            byte[] suffix = "\"}]}".getBytes(StandardCharsets.UTF_8);
            byte[] body = new byte[prefix.length + junk.length + suffix.length];
            System.arraycopy(prefix, 0, body, 0, prefix.length);
            System.arraycopy(junk, 0, body, prefix.length, junk.length);
            System.arraycopy(suffix, 0, body, prefix.length + junk.length, suffix.length);
            attacks.add(new Attack("invalid UTF-8 #" + i, body, json));
        }
        // Header abuse: wrong media types, broken and foreign credentials.
        byte[] body = valid.getBytes(StandardCharsets.UTF_8);
        for (String type : List.of(
                "text/plain",
                "application/xml",
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "application/octet-stream",
                "image/png",
                "text/json; charset=latin1",
                "application/json-patch")) {
            attacks.add(new Attack(
                    "Content-Type " + type, body, Map.of("Authorization", "Bearer " + token, "Content-Type", type)));
        }
        List<String> credentials = new ArrayList<>(List.of(
                "Bearer",
                "Bearer ",
                "Basic " + token,
                "Token " + token,
                "Bearer " + token + "x",
                "Bearer x" + token,
                "Bearer " + "a".repeat(600),
                "Bearer mesh_",
                "Bearer " + token.toUpperCase(),
                "Bearer it-admin-token",
                "Bearer \"" + token + "\"",
                token,
                "Bearer " + token.substring(0, token.length() - 1)));
        for (int i = 0; i < 150; i++) {
            StringBuilder forged = new StringBuilder("mesh_");
            for (int n = 0; n < 43; n++) {
                forged.append(
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".charAt(random.nextInt(64)));
            }
            credentials.add("Bearer " + forged);
        }
        for (String credential : credentials) {
            attacks.add(new Attack(
                    "Authorization " + credential.substring(0, Math.min(30, credential.length())),
                    body,
                    Map.of("Authorization", credential, "Content-Type", "application/json")));
        }
        attacks.add(new Attack("no Authorization", body, Map.of("Content-Type", "application/json")));
        return attacks;
    }

    private static String withField(String to, String field, String value) {
        StringBuilder body = new StringBuilder("{");
        body.append("\"to\":").append(field.equals("to") ? value : quote(to));
        if (!field.equals("to")) {
            body.append(",\"").append(field).append("\":").append(value);
        }
        if (!field.equals("parts")) {
            body.append(",\"parts\":").append(VALID_PARTS);
        }
        return body.append('}').toString();
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}

package agentmesh.parts.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartsTest {

    private static JsonArray parts(String json) {
        return Json.createReader(new StringReader(json)).readArray();
    }

    @Test
    void wellFormedPartsOfEveryKindHaveNoProblems() {
        assertTrue(Parts.problems(parts("""
                [{"kind":"text","text":"hi 你好 🙂"},
                 {"kind":"data","data":{"pr":42},"metadata":{"source":"ci"}},
                 {"kind":"file","file":{"name":"a.txt","mimeType":"text/plain","bytes":"aGk="}},
                 {"kind":"file","file":{"uri":"https://example.com/a"}}]""")).isEmpty());
    }

    @Test
    void eachProblemIsReportedAtItsPath() {
        Map<String, String> problems = Parts.problems(parts("""
                [{"kind":"text"}, {"kind":"data","data":[1]}, {"kind":"video"}, 7,
                 {"kind":"file","file":{"bytes":"x","uri":"y"}}, {"kind":"text","text":"a","extra":1}]"""));

        assertEquals(
                Map.of(
                        "parts[0].text", "must be a string",
                        "parts[1].data", "must be an object",
                        "parts[2].kind", "must be one of text, data, file",
                        "parts[3]", "must be an object",
                        "parts[4].file", "must have exactly one of bytes or uri",
                        "parts[5].extra", "is not a field of a text part"),
                problems);
    }

    @Test
    void noPartsAndTooManyPartsAreRefused() {
        assertEquals(Map.of("parts", "must hold at least one part"), Parts.problems(parts("[]")));
        assertEquals(Map.of("parts", "must hold at least one part"), Parts.problems(null));
        String many = "[" + "{\"kind\":\"text\",\"text\":\"x\"},".repeat(Parts.MAX_PARTS)
                + "{\"kind\":\"text\",\"text\":\"x\"}]";
        assertEquals(Map.of("parts", "must hold at most " + Parts.MAX_PARTS + " parts"), Parts.problems(parts(many)));
    }

    @Test
    void anyUnicodeTextIsFine() {
        assertTrue(Parts.problems(
                        parts(
                                "[{\"kind\":\"text\",\"text\":\"😀 中文 עברית e\u0301 \\ud83d\\ude00 '; DROP TABLE task; <script>\"}]"))
                .isEmpty());
    }

    @Test
    void nulAndUnpairedSurrogatesAreRefusedAnywhereInTheParts() {
        assertEquals(
                Map.of("parts[0].text", "must not contain NUL (U+0000)"),
                Parts.problems(parts("[{\"kind\":\"text\",\"text\":\"a\\u0000b\"}]")));
        assertEquals(
                Map.of("parts[0].text", "must not contain an unpaired surrogate (not Unicode text)"),
                Parts.problems(parts("[{\"kind\":\"text\",\"text\":\"x\\ud800y\"}]")));
        assertEquals(
                Map.of("parts[0].data.k[1]", "must not contain an unpaired surrogate (not Unicode text)"),
                Parts.problems(parts("[{\"kind\":\"data\",\"data\":{\"k\":[\"ok\",\"\\udc00\"]}}]")));
        assertEquals(
                Map.of("parts[0].data.a\u0000", "must not contain NUL (U+0000)"),
                Parts.problems(parts("[{\"kind\":\"data\",\"data\":{\"a\\u0000\":1}}]")));
    }

    @Test
    void dataNestedTooDeepIsRefused() {
        String deep = "{\"a\":".repeat(Parts.MAX_DEPTH + 1) + "1" + "}".repeat(Parts.MAX_DEPTH + 1);
        String fine = "{\"a\":".repeat(Parts.MAX_DEPTH - 1) + "1" + "}".repeat(Parts.MAX_DEPTH - 1);
        assertEquals(
                1,
                Parts.problems(parts("[{\"kind\":\"data\",\"data\":" + deep + "}]"))
                        .size());
        assertTrue(Parts.problems(parts("[{\"kind\":\"data\",\"data\":" + fine + "}]"))
                .isEmpty());
    }

    @Test
    void canonicalFormSortsKeysAtEveryDepthAndKeepsTextExact() {
        JsonArray one =
                parts("[{\"kind\":\"data\",\"data\":{\"b\":1,\"a\":{\"z\":\"\\u00e9\",\"y\":[{\"d\":1,\"c\":2}]}}}]");
        JsonArray other =
                parts("[{\"data\":{\"a\":{\"y\":[{\"c\":2,\"d\":1}],\"z\":\"é\"},\"b\":1},\"kind\":\"data\"}]");

        assertEquals(Parts.canonical(one).toString(), Parts.canonical(other).toString());
        assertEquals(
                "[{\"data\":{\"a\":{\"y\":[{\"c\":2,\"d\":1}],\"z\":\"é\"},\"b\":1},\"kind\":\"data\"}]",
                Parts.canonical(one).toString());
    }
}

package agentmesh.web.limits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestBodyTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aBodyWithinItsBoundsIsReadWhole() throws Exception {
        byte[] json = "{\"text\":\"héllo\"}".getBytes(StandardCharsets.UTF_8);

        assertArrayEquals(json, RequestBody.read(new ByteArrayInputStream(json), json.length, json.length, SECOND));
        assertArrayEquals(json, RequestBody.read(new ByteArrayInputStream(json), -1, json.length, SECOND));
    }

    @Test
    void aBodyWithoutADeclaredLengthIsReadWholePastItsFirstArray() throws Exception {
        byte[] json = ("\"" + "é".repeat(10_000) + "\"").getBytes(StandardCharsets.UTF_8);

        assertArrayEquals(json, RequestBody.read(new ByteArrayInputStream(json), -1, json.length, SECOND));
    }

    @Test
    void aLongBodyOfADeclaredLengthIsReadWhole() throws Exception {
        byte[] json = ("\"" + "x".repeat(200_000) + "\"").getBytes(StandardCharsets.UTF_8);

        assertArrayEquals(json, RequestBody.read(new ByteArrayInputStream(json), json.length, json.length, SECOND));
    }

    @Test
    void aBodyLongerThanDeclaredIsReadWholeOrRefusedOverTheLimit() throws Exception {
        byte[] json = "[1,2,3,4]".getBytes(StandardCharsets.UTF_8);

        assertArrayEquals(json, RequestBody.read(new ByteArrayInputStream(json), 3, 100, SECOND));
        assertEquals(
                413,
                assertThrows(
                                RequestBody.Refused.class,
                                () -> RequestBody.read(new ByteArrayInputStream(json), 3, 5, SECOND))
                        .status);
    }

    @Test
    void aBodyOverTheLimitIsRefused413() {
        RequestBody.Refused refused = assertThrows(
                RequestBody.Refused.class,
                () -> RequestBody.read(new ByteArrayInputStream(new byte[11]), -1, 10, SECOND));

        assertEquals(413, refused.status);
    }

    @Test
    void bytesThatAreNotUtf8AreRefused400() {
        RequestBody.Refused refused = assertThrows(
                RequestBody.Refused.class,
                () -> RequestBody.read(new ByteArrayInputStream(new byte[] {'"', (byte) 0xC3, '"'}), 3, 10, SECOND));

        assertEquals(400, refused.status);
    }

    @Test
    void aBodyThatDripsPastItsDeadlineIsRefused408() {
        InputStream drips = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                buffer[offset] = 'x'; // one byte a read: never at the end, never over the size
                return 1;
            }
        };

        RequestBody.Refused refused =
                assertThrows(RequestBody.Refused.class, () -> RequestBody.read(drips, -1, Integer.MAX_VALUE, 0));

        assertEquals(408, refused.status);
    }

    @Test
    void aClientThatGoesAwayMidBodyIsRefused408() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("connection reset");
            }
        };

        assertEquals(
                408, assertThrows(RequestBody.Refused.class, () -> RequestBody.read(broken, 10, 10, SECOND)).status);
    }
}

package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** wrk's output as {@link Wrk} reads it: its own summary, the done hook's lines, then bash's {@code times}. */
class WrkTest {

    // Printed by Debian's wrk 4.1.0 with Wrk's done hook and a response() counting by status, under bash -c '…; times'.
    private static final String OUTPUT = """
            Running 2s test @ http://127.0.0.1:18765/nothere
              2 threads and 4 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     5.16ms   12.68ms 104.63ms   95.61%
                Req/Sec   722.26    140.01     1.01k    71.05%
              2821 requests in 2.02s, 1.40MB read
              Non-2xx or 3xx responses: 2821
            Requests/sec:   1394.57
            Transfer/sec:    708.27KB
            wrk-result requests=2821 duration_us=2022845 connect=0 read=1 write=2 status=2821 timeout=3 \
            p50_us=2555 p99_us=83595 p999_us=101760 max_us=104629
            wrk-answer 2800 404
            wrk-answer 21 503 with Retry-After
            0m0.002s 0m0.000s
            1m0.076s 0m0.228s
            """;

    @Test
    void readsTheDoneHooksFiguresAndWrksOwnCpu() {
        Wrk.Result result = Wrk.parse(OUTPUT, 4);

        assertEquals(2821, result.requests());
        assertEquals(2.022845, result.seconds(), 1e-9);
        assertEquals(2821, result.non2xx());
        assertEquals(0.0, result.servedPerSecond());
        assertEquals(6, result.socketErrors());
        assertEquals("connect 0, read 1, write 2, timeout 3", result.socketErrorsText());
        assertEquals(83_595, result.p99Micros());
        assertEquals(60.304, result.cpuSeconds(), 1e-9, "the children's line, not the shell's");
        assertEquals(60.304 * 1000 / 2821, result.cpuMillisPerRequest(), 1e-9);
        assertEquals(Map.of("404", 2800L, "503 with Retry-After", 21L), result.answers());
    }

    @Test
    void outputWithoutTheFiguresIsAnError() {
        assertThrows(
                IllegalStateException.class,
                () -> Wrk.parse("unable to connect to 127.0.0.1:18765 Connection refused\n", 4));
    }

    @Test
    void luaLiteralsEscapeQuotesAndBackslashes() {
        assertEquals("\"a\\\"b\\\\c\"", Wrk.lua("a\"b\\c"));
    }
}

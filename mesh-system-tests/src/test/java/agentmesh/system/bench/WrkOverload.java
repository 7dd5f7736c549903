package agentmesh.system.bench;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * The overload step: sends offered by {@link Wrk} at a multiple of the highest sustained rate, beside the agents
 * reading their inboxes, to see whether the mesh degrades gracefully (issue 41: accepted throughput stays ≥ 90 % of
 * the sustained rate, every refusal a 429 or 503 with Retry-After, no connection refused or reset).
 *
 * <p>wrk is a closed-loop generator; its Lua {@code delay} (asked after each answer) makes it an open loop with a
 * bound, like {@link OpenLoopSender}: each thread keeps a schedule of its half of the rate on the monotonic clock
 * (LuaJIT's FFI) and starts its next send at the next free slot, on one of its connections that is free. While the
 * mesh answers slower than {@link #CONNECTIONS} connections can carry, the offered rate falls behind what was meant;
 * the report gives both. Each send has a message
 * id of its own ({@code overload-…}, which the benchmark's readers do not count as a step's) and goes from one of the
 * benchmark's agents to its partner, into their standing task, each agent in turn.
 */
final class WrkOverload {

    static final int CONNECTIONS = 256;

    /** The benchmark's own sends per second among wrk's, each timed and told apart by its answer. */
    static final int TIMED_RATE = 40;

    /**
     * What the overload step measured: {@code meant} messages/s against {@code sustained}; wrk's answers are counted
     * by status and whether a 429 or 503 carried Retry-After. {@code timed} are the sends of the benchmark's own
     * sender among wrk's, at {@link #TIMED_RATE}, which time the admitted and the refused apart (wrk times all its
     * answers together). {@code noOp}: a request the server does nothing for, timed meanwhile ({@link NoOpProbe}).
     * {@code cpuSeconds} over {@code cpuWindowSeconds} and {@code profile} (null unless the run profiles) are the
     * step's, as a sustained step's are.
     */
    record Result(
            int sustained,
            int meant,
            Wrk.Result wrk,
            StepRecorder timed,
            NoOpProbe.Result noOp,
            Map<String, Double> cpuSeconds,
            double cpuWindowSeconds,
            ProfileBreakdown profile) {

        Result measured(Map<String, Double> cpuSeconds, double cpuWindowSeconds, ProfileBreakdown profile) {
            return new Result(sustained, meant, wrk, timed, noOp, cpuSeconds, cpuWindowSeconds, profile);
        }

        long accepted() {
            return wrk.answers().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("2"))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
        }

        double acceptedPerSecond() {
            return accepted() / wrk.seconds();
        }

        double offeredPerSecond() {
            return wrk.requests() / wrk.seconds();
        }

        /** Refusals by kind: every answer that is not 2xx. */
        Map<String, Long> refusals() {
            return wrk.answers().entrySet().stream()
                    .filter(e -> !e.getKey().startsWith("2"))
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        }

        /** Answers other than 2xx and a 429 or 503 with Retry-After. */
        long unexpected() {
            return refusals().entrySet().stream()
                    .filter(e -> !e.getKey().matches("(429|503) with Retry-After"))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
        }
    }

    private WrkOverload() {}

    /**
     * Offers {@code multiple} × {@code sustained} sends/s by wrk for {@code duration}, and meanwhile {@code timed}'s
     * sends by {@code sender} and the server's no-op at {@code management}; returns when all are done.
     */
    static Result offer(
            URI base,
            URI management,
            BenchAgents agents,
            int sustained,
            int multiple,
            Duration duration,
            OpenLoopSender sender,
            StepRecorder timed)
            throws Exception {
        int meant = sustained * multiple;
        CompletableFuture<Void> timing = CompletableFuture.runAsync(() -> sender.offer(timed));
        CompletableFuture<NoOpProbe.Result> probing =
                CompletableFuture.supplyAsync(() -> new NoOpProbe(management).run(duration));
        Wrk.Result wrk = Wrk.run(
                base.resolve("messages"), script(agents, meant), CONNECTIONS, duration, OpenLoopSender.REQUEST_TIMEOUT);
        timing.join();
        return new Result(sustained, meant, wrk, timed, probing.join(), Map.of(), Double.NaN, null);
    }

    /** Lua: each agent in turn sends to its partner, with a message id no other request has. */
    private static String script(BenchAgents agents, int rate) {
        String tag = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36);
        String senders = agents.all().stream()
                .map(m -> "{" + Wrk.lua(m.agent().token()) + ","
                        + Wrk.lua(m.partner().id()) + "," + Wrk.lua(m.standingTask()) + "}")
                .collect(Collectors.joining(","));
        double periodMillis = 2 * 1000.0 / rate; // two threads, each half the rate
        return "local ffi = require(\"ffi\")\n"
                + "ffi.cdef[[ typedef struct { long sec; long nsec; } mesh_timespec;"
                + " int clock_gettime(int clock, mesh_timespec *now); ]]\n"
                + "local clock = ffi.new(\"mesh_timespec\")\n"
                + "local function nowMillis()\n"
                + "  ffi.C.clock_gettime(1, clock)\n" // CLOCK_MONOTONIC
                + "  return tonumber(clock.sec) * 1000 + tonumber(clock.nsec) / 1e6\n"
                + "end\n"
                + "local due = nil\n"
                + "delay = function()\n"
                + "  local now = nowMillis()\n"
                + "  due = (due or now) + " + periodMillis + "\n"
                + "  return math.max(0, math.floor(due - now))\n"
                + "end\n"
                + "local senders = {" + senders + "}\n"
                + "local turn = 0\n"
                + "answers = {}\n"
                + "request = function()\n"
                + "  turn = turn + 1\n"
                + "  local s = senders[turn % #senders + 1]\n"
                + "  local body = '{\"messageId\":\"overload-" + tag + "-' .. id .. '-' .. turn .. '\",\"to\":\"' .."
                + " s[2] .. '\",\"taskId\":\"' .. s[3] .. '\",\"parts\":[{\"kind\":\"text\",\"text\":\"an overload"
                + " message, a few words like an agent\\'s request\"}]}'\n"
                + "  return wrk.format(\"POST\", nil, {Authorization = \"Bearer \" .. s[1],"
                + " [\"Content-Type\"] = \"application/json\"}, body)\n"
                + "end\n"
                + "response = function(status, headers, body)\n"
                + "  local kind = tostring(status)\n"
                + "  if status == 429 or status == 503 then\n"
                + "    kind = kind .. ((headers[\"Retry-After\"] or headers[\"retry-after\"]) and \" with Retry-After\""
                + " or \" WITHOUT Retry-After\")\n"
                + "  end\n"
                + "  answers[kind] = (answers[kind] or 0) + 1\n"
                + "end\n";
    }
}

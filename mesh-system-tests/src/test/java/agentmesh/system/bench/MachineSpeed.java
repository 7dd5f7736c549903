package agentmesh.system.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Random;

/**
 * How fast this machine is in this run: the CPU time one thread takes for two fixed pieces of work, measured with the
 * stack idle at the run's start and again at its end. This VM's hours differ (the same commit used 3.0 CPU-ms per
 * message at 250/s in one and 4.6–5.1 in another) and its kernel counts no steal time, so a run's CPU and latency
 * figures compare with another run's only beside these. One piece computes (SHA-256 over 64 MiB, the core alone), the
 * other waits on memory (a random walk through 64 MiB, the caches and memory a neighbour shares).
 */
final class MachineSpeed {

    private static final int ROUNDS = 5;
    private static final int HASHED_MIB = 64;
    private static final int WALKED_INTS = 1 << 24; // 64 MiB
    private static final int WALK_STEPS = 1_000_000;

    /** The median CPU time of each piece of work, in ms. */
    record Figures(double computeMillis, double memoryMillis) {}

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final byte[] block = new byte[1 << 20];
    private final int[] next = new int[WALKED_INTS];
    // Fields, not locals: the JIT cannot drop work whose result is kept.
    private int position;
    private byte[] digest;

    private MachineSpeed() {
        Random random = new Random(1);
        random.nextBytes(block);
        // One cycle through every slot in random order: each step's address is unknown until the last one's read.
        int[] order = new int[WALKED_INTS];
        Arrays.setAll(order, i -> i);
        for (int i = WALKED_INTS - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swapped = order[i];
            order[i] = order[j];
            order[j] = swapped;
        }
        for (int i = 0; i < WALKED_INTS; i++) {
            next[order[i]] = order[(i + 1) % WALKED_INTS];
        }
    }

    static Figures measure() {
        MachineSpeed speed = new MachineSpeed();
        return new Figures(speed.medianMillis(speed::hash), speed.medianMillis(speed::walk));
    }

    private void hash() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < HASHED_MIB; i++) {
                sha.update(block);
            }
            digest = sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private void walk() {
        for (int step = 0; step < WALK_STEPS; step++) {
            position = next[position];
        }
    }

    /** The median of a few timed rounds after one untimed (the JIT compiles the work in it). */
    private double medianMillis(Runnable work) {
        work.run();
        double[] millis = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long start = threads.getCurrentThreadCpuTime();
            work.run();
            millis[round] = (threads.getCurrentThreadCpuTime() - start) / 1e6;
        }
        Arrays.sort(millis);
        return millis[ROUNDS / 2];
    }
}

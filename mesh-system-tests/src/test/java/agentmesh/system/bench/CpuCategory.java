package agentmesh.system.bench;

import java.util.List;
import java.util.stream.Stream;

/**
 * Where a CPU sample of the server went, from its stack (frames root first, as async-profiler's collapsed output
 * with {@code ann} writes them: Java frames end in {@code _[j]}, {@code _[i]}, {@code _[0]} or {@code _[1]}).
 *
 * <p>A Java stack belongs to the innermost library on it: walking from the leaf towards the root, the first Java
 * frame of a listed package decides. JDK frames ({@code java.*}, {@code jdk.*}, {@code sun.*}) and the JVM's own
 * native frames decide nothing, so a hash map lookup, a socket write or an allocation counts for the library that
 * called it, and the mesh's code counts only for what it does itself, not for what it calls. A stack with no Java
 * frame is the JVM's own threads': the JIT compilers, the garbage collector, or the rest of the VM. A Java stack with
 * no listed package on it is the JDK's alone.
 */
enum CpuCategory {
    KAFKA("Kafka client", "org.apache.kafka."),
    JDBC_DRIVER("JDBC driver (Connector/J, or MariaDB's)", "com.mysql.", "org.mariadb."),
    CONNECTION_POOL(
            "connection pool and JDBC wrappers",
            "com.sun.gjc.",
            "com.sun.enterprise.resource.",
            "com.sun.enterprise.connectors.",
            "com.sun.appserv.connectors."),
    ECLIPSELINK("EclipseLink", "org.eclipse.persistence."),
    BEAN_VALIDATION("Bean Validation", "org.hibernate.validator.", "jakarta.validation."),
    JSON(
            "JSON (Parsson, Yasson)",
            "org.eclipse.parsson.",
            "org.eclipse.yasson.",
            "jakarta.json.",
            "org.glassfish.json."),
    JERSEY_HK2("Jersey and HK2", "org.glassfish.jersey.", "org.glassfish.hk2.", "org.jvnet.hk2.", "jakarta.ws.rs."),
    CDI("CDI (Weld)", "org.jboss.weld."),
    EJB_JTA(
            "EJB container and JTA",
            "com.sun.ejb.",
            "org.glassfish.ejb.",
            "fish.payara.ejb.",
            "com.sun.enterprise.transaction.",
            "com.sun.jts.",
            "fish.payara.jta."),
    LOGGING(
            "logging",
            "java.util.logging.",
            "org.glassfish.main.jul.",
            "com.sun.enterprise.server.logging.",
            "fish.payara.logging."),
    TRACING("OpenTelemetry", "io.opentelemetry."),
    SERVLET(
            "servlet container and Payara's security",
            "org.apache.catalina.",
            "org.apache.coyote.",
            "com.sun.enterprise.web.",
            "org.glassfish.web.",
            "com.sun.enterprise.security.",
            "org.glassfish.soteria.",
            "org.glassfish.exousia."),
    GRIZZLY("Grizzly (HTTP)", "org.glassfish.grizzly."),
    PAYARA_OTHER("Payara, other", "fish.payara.", "org.glassfish.", "com.sun.enterprise.", "com.sun.appserv."),
    MESH_WEB("mesh's HTTP edge (agentmesh.web: filters, security, limits) self", "agentmesh.web."),
    MESH("mesh's own code (agentmesh.*) self", "agentmesh."),
    OTHER_JAVA("JDK and other Java"),
    JIT("JVM: JIT compiler threads"),
    GC("JVM: garbage collector"),
    VM_OTHER("JVM: other native (VM thread, ...)");

    final String label;
    private final List<String> packages;

    CpuCategory(String label, String... packages) {
        this.label = label;
        this.packages = List.of(packages);
    }

    /** The category of one sample's stack, frames root first. */
    static CpuCategory of(List<String> frames) {
        boolean java = false;
        for (int i = frames.size() - 1; i >= 0; i--) {
            String frame = frames.get(i);
            if (!isJava(frame)) {
                continue;
            }
            java = true;
            String name = javaName(frame);
            // Generated in the mesh's packages, but the container's code: Weld's client proxies, EJB views.
            if (name.contains("$Proxy$_$$_Weld")) {
                return CDI;
            }
            if (name.contains("__EJB31_Generated__") || name.contains("$$$view")) {
                return EJB_JTA;
            }
            for (CpuCategory category : values()) {
                if (category.packages.stream().anyMatch(name::startsWith)) {
                    return category;
                }
            }
        }
        return java ? OTHER_JAVA : nativeThread(frames);
    }

    private static CpuCategory nativeThread(List<String> frames) {
        if (frames.stream().anyMatch(f -> f.contains("CompileBroker") || f.contains("CompilerThread"))) {
            return JIT;
        }
        if (frames.stream()
                .anyMatch(f -> Stream.of("G1", "GC", "GangWorker", "WorkerThread", "ParallelCleaning")
                        .anyMatch(f::contains))) {
            return GC;
        }
        return VM_OTHER;
    }

    static boolean isJava(String frame) {
        return frame.endsWith("_[j]") || frame.endsWith("_[i]") || frame.endsWith("_[0]") || frame.endsWith("_[1]");
    }

    /**
     * A Java frame as {@code package.Class.method}, without its annotation and a lambda's number and address
     * ({@code Foo$$Lambda$12.0x…}, as async-profiler names it: they differ from run to run); other frames as they
     * are.
     */
    static String javaName(String frame) {
        if (!isJava(frame)) {
            return frame;
        }
        String name = frame.substring(0, frame.length() - 4);
        if (name.contains("0x")) {
            name = name.replaceAll("[./]0x[0-9a-f]+", "").replaceAll("\\$\\$Lambda\\$\\d+", "\\$\\$Lambda");
        }
        return name.replace('/', '.');
    }
}

package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Collapsed stacks as async-profiler writes them with {@code ann}, and where {@link CpuCategory} puts them. */
class ProfileBreakdownTest {

    private static final String REQUEST =
            "java/lang/Thread.run_[j];org/glassfish/grizzly/threadpool/AbstractThreadPool$Worker.run_[j];"
                    + "org/apache/catalina/core/StandardPipeline.invoke_[j];agentmesh/web/security/BearerAuthentication.doFilter_[j];"
                    + "org/glassfish/jersey/servlet/ServletContainer.service_[j];";

    private static final List<String> STACKS = List.of(
            // A socket write by the driver, under a mesh control under Jersey: the driver's.
            REQUEST + "agentmesh/messaging/boundary/MessagesResource.send_[j];"
                    + "agentmesh/messaging/control/Sending.send_[j];org/mariadb/jdbc/ClientPreparedStatement.execute_[i];"
                    + "java/net/SocketOutputStream.write_[j];writev;entry_SYSCALL_64_[k] 30",
            // Validation under Jersey, allocating in the VM: Bean Validation's.
            REQUEST + "org/hibernate/validator/internal/engine/ValidatorImpl.validate_[j];java/util/HashMap.get_[i];"
                    + "OptoRuntime::new_array_C 20",
            // JDK code called by the mesh's own code: the mesh's self time.
            REQUEST + "agentmesh/inbox/boundary/InboxResource.read_[j];agentmesh/inbox/control/Inbox.page_[j];"
                    + "java/util/ArrayList.sort_[j] 15",
            // The filter's own work: the HTTP edge, though the whole request runs inside it.
            REQUEST.substring(0, REQUEST.indexOf("org/glassfish/jersey")) + "java/lang/String.hashCode_[j] 10",
            // A Weld proxy named in the mesh's package is the container's.
            "java/lang/Thread.run_[j];agentmesh/outbox/control/Dispatcher.round_[0];"
                    + "agentmesh/outbox/control/Publisher$Proxy$_$$_WeldClientProxy.publish_[j] 5",
            // A lambda's hidden class: the mesh's, named without its number and address.
            "java/lang/Thread.run_[j];agentmesh/outbox/control/Dispatcher$$Lambda$812.0x00007fc7014f5900.run_[j];"
                    + "org/apache/kafka/clients/producer/KafkaProducer.send_[j] 5",
            // No Java frame: the JVM's own threads.
            "clone3;start_thread;thread_native_entry;Thread::call_run;CompileBroker::compiler_thread_loop;"
                    + "C2Compiler::compile_method 8",
            "clone3;start_thread;thread_native_entry;Thread::call_run;GangWorker::loop;G1ParEvacuateFollowersClosure::do_void 4",
            "clone3;start_thread;thread_native_entry;Thread::call_run;VMThread::run;SafepointSynchronize::begin 2",
            // Only JDK frames.
            "java/lang/Thread.run_[j];java/util/concurrent/ThreadPoolExecutor$Worker.run_[j] 1");

    private final ProfileBreakdown profile = ProfileBreakdown.of("test", STACKS);

    @Test
    void samplesCountForTheInnermostLibraryOnTheirStack() {
        assertEquals(100, profile.samples());
        assertEquals(0.30, profile.share(CpuCategory.JDBC_DRIVER), 1e-9);
        assertEquals(0.20, profile.share(CpuCategory.BEAN_VALIDATION), 1e-9);
        assertEquals(0.15, profile.share(CpuCategory.MESH), 1e-9);
        assertEquals(0.10, profile.share(CpuCategory.MESH_WEB), 1e-9);
        assertEquals(0.05, profile.share(CpuCategory.CDI), 1e-9);
        assertEquals(0.05, profile.share(CpuCategory.KAFKA), 1e-9);
        assertEquals(0.0, profile.share(CpuCategory.JERSEY_HK2), 1e-9);
        assertEquals(0.0, profile.share(CpuCategory.GRIZZLY), 1e-9);
    }

    @Test
    void stacksWithoutJavaFramesAreTheJvmsOwnThreads() {
        assertEquals(0.08, profile.share(CpuCategory.JIT), 1e-9);
        assertEquals(0.04, profile.share(CpuCategory.GC), 1e-9);
        assertEquals(0.02, profile.share(CpuCategory.VM_OTHER), 1e-9);
        assertEquals(0.01, profile.share(CpuCategory.OTHER_JAVA), 1e-9);
    }

    @Test
    void leavesAndEntriesAreCountedByName() {
        assertEquals(
                new ProfileBreakdown.Count("entry_SYSCALL_64_[k]", 30),
                profile.leaves().get(0));
        assertEquals(
                new ProfileBreakdown.Count("OptoRuntime::new_array_C", 20),
                profile.leaves().get(1));
        assertEquals(
                new ProfileBreakdown.Count(ProfileBreakdown.NO_ENTRY, 45),
                profile.entries().get(0));
        assertEquals(
                new ProfileBreakdown.Count("MessagesResource.send", 30),
                profile.entries().get(1));
        assertEquals(
                new ProfileBreakdown.Count("InboxResource.read", 15),
                profile.entries().get(2));
        assertEquals(
                new ProfileBreakdown.Count("Dispatcher.round", 5),
                profile.entries().stream()
                        .filter(c -> c.name().startsWith("Dispatcher.round"))
                        .findFirst()
                        .orElseThrow());
        assertEquals(
                new ProfileBreakdown.Count("Dispatcher$$Lambda.run", 5),
                profile.entries().stream()
                        .filter(c -> c.name().startsWith("Dispatcher$$"))
                        .findFirst()
                        .orElseThrow());
    }
}

package agentmesh.stack;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One running instance of the mesh application: Payara Server or WildFly with the EAR, or Payara Micro with the WAR.
 * The stack, the system tests and the chaos suite see only this, so every test runs on any of them.
 */
public interface MeshServer extends AutoCloseable {

    /** The API base of this instance, {@code http://127.0.0.1:PORT/mesh/api/v1/}. */
    default URI baseUri() {
        return URI.create("http://127.0.0.1:" + httpPort() + "/mesh/api/v1/");
    }

    int httpPort();

    /** Where the server serves {@code health/…} and {@code metrics}: its HTTP port, or WildFly's management port. */
    default URI managementUri() {
        return URI.create("http://127.0.0.1:" + httpPort() + "/");
    }

    /** Sets the server up anew (nothing kept from an earlier run), starts it and deploys the mesh. */
    void createAndDeploy();

    /** Starts the instance again after a stop or a kill and waits until the application answers. */
    void restart();

    /**
     * Starts the stopped instance again as {@link #restart()} does, with these settings (its environment) in place of
     * those it had: its set-up and deployment are kept.
     */
    void restart(Map<String, String> environment);

    /**
     * Stops the instance in an orderly way (the application's shutdown runs): by default SIGTERM, which runs the
     * server's shutdown (Payara Micro's hook, WildFly's graceful shutdown) — the application is undeployed, its
     * consumers leave the group — waited for a minute.
     */
    default void stop() {
        pid().ifPresent(running -> Processes.terminate(running, Duration.ofSeconds(60)));
    }

    /** SIGKILL of the server process: a crash, with no chance to finish anything. */
    default void kill() {
        pid().ifPresent(Processes::kill);
    }

    /** The server process, while it runs. */
    Optional<ProcessHandle> pid();

    Path serverLog();

    @Override
    default void close() {
        stop();
    }
}

package agentmesh.identity.control;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.ContactCheck;
import agentmesh.agent.control.NotInContactException;
import agentmesh.agent.control.UnknownAgentException;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The gateway's part of CanCommunicate(from, to) for a write. With the mesh's own contacts
 * ({@code mesh.identity.mode=local}, the default) there is nothing to do here: the write's transaction checks them.
 * With a remote identity service ({@code remote}) the service is asked now, guarded, before any transaction; the
 * recipient's existence is checked first, so that an unknown agent is a 404 in both modes.
 */
@ApplicationScoped
public class IdentityCheck {

    @Inject
    @ConfigProperty(name = "mesh.identity.mode", defaultValue = "local")
    String mode;

    // A client proxy: the remote client behind it is only built on the first remote check.
    @Inject
    GuardedIdentity remote;

    @EJB
    AgentRegistry agents;

    private boolean local;

    @PostConstruct
    void readMode() {
        if (!"local".equals(mode) && !"remote".equals(mode)) {
            throw new IllegalStateException("mesh.identity.mode must be local or remote, not " + mode);
        }
        local = "local".equals(mode);
    }

    /** Refuses (404, 403, 503) or says where the rest of the check happens. */
    public ContactCheck beforeWriting(String from, String to) {
        return beforeWriting(from, () -> to);
    }

    /** As {@link #beforeWriting(String, String)}, with the other agent found only if the service is to be asked. */
    public ContactCheck beforeWriting(String from, Supplier<String> other) {
        if (local) {
            return ContactCheck.IN_TRANSACTION;
        }
        String to = other.get();
        if (!agents.exists(to)) {
            throw new UnknownAgentException(to);
        }
        if (from.equals(to) || !remote.mayTalk(from, to)) {
            throw new NotInContactException(from, to);
        }
        return ContactCheck.DONE_BY_GATEWAY;
    }
}

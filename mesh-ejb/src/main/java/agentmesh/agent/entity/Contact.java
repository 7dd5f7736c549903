package agentmesh.agent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** Two agents that may talk to each other, both ways. */
@Entity
@Table(name = "contact")
@NamedQuery(
        name = Contact.OF_AGENT,
        query = "SELECT c FROM Contact c" + " WHERE c.key.agentLow = :agent OR c.key.agentHigh = :agent")
public class Contact {

    public static final String OF_AGENT = "Contact.ofAgent";

    @EmbeddedId
    private ContactKey key;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected Contact() {}

    public ContactKey key() {
        return key;
    }
}

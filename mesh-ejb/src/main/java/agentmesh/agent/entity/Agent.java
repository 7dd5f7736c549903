package agentmesh.agent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

@Entity
@Table(name = "agent")
public class Agent {

    @Id
    @Column(name = "agent_id")
    private String agentId;

    @Column(name = "display_name")
    private String displayName;

    @Column(name = "token_hash", nullable = false)
    private String tokenHash;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "description")
    private String description;

    /** A JSON array of A2A skills; null when none were set. */
    @Column(name = "skills")
    private String skills;

    /** The label of the agent's own host, set by an admin; null: its id, when that is a host label. */
    @Column(name = "host_label")
    private String hostLabel;

    @Column(name = "disabled_at")
    private LocalDateTime disabledAt;

    protected Agent() {}

    public String agentId() {
        return agentId;
    }

    public String displayName() {
        return displayName;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public String description() {
        return description;
    }

    public String skills() {
        return skills;
    }

    public String hostLabel() {
        return hostLabel;
    }

    /** When an admin disabled the agent; null while it is enabled. */
    public LocalDateTime disabledAt() {
        return disabledAt;
    }
}

package agentmesh.agent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;
import java.util.Objects;

/** The unordered pair of agents, stored ordered so that (a, b) and (b, a) are one row. */
@Embeddable
public class ContactKey implements Serializable {

    @Column(name = "agent_low")
    private String agentLow;

    @Column(name = "agent_high")
    private String agentHigh;

    protected ContactKey() {}

    private ContactKey(String agentLow, String agentHigh) {
        this.agentLow = agentLow;
        this.agentHigh = agentHigh;
    }

    public static ContactKey of(String one, String other) {
        return one.compareTo(other) < 0 ? new ContactKey(one, other) : new ContactKey(other, one);
    }

    public String agentLow() {
        return agentLow;
    }

    public String agentHigh() {
        return agentHigh;
    }

    /** The agent of the pair that is not the given one. */
    public String other(String agent) {
        return agent.equals(agentLow) ? agentHigh : agentLow;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ContactKey that && agentLow.equals(that.agentLow) && agentHigh.equals(that.agentHigh);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agentLow, agentHigh);
    }
}

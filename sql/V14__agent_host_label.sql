-- The host label an admin gave an agent whose id is no DNS label (bob@example → bob-example): with
-- mesh.a2a.host-pattern, the agent is at that label's host. Unique: one host, one agent.
ALTER TABLE agent ADD COLUMN host_label VARCHAR(63) NULL,
                  ADD UNIQUE KEY uk_agent_host_label (host_label);

-- A2A push notifications: an A2A client's webhook for a task. The task's updates are the client agent's inbox
-- events of that task; each config delivers them in inbox order from a cursor of its own, as the remote relay
-- delivers a remote agent's inbox (the same columns, the same lease, backoff and dead letters).
CREATE TABLE push_config (
    task_id          VARCHAR(64)   NOT NULL,
    config_id        VARCHAR(64)   NOT NULL,
    agent_id         VARCHAR(128)  NOT NULL COMMENT 'the A2A client: its inbox events of the task are pushed',
    protocol_version VARCHAR(8)    NOT NULL COMMENT 'the shape of what is pushed: 1.0 or 0.3',
    url              VARCHAR(2000) NOT NULL,
    token            VARCHAR(4000) NULL COMMENT 'sent as X-A2A-Notification-Token; sealed as remote agents'' tokens are',
    auth_scheme      VARCHAR(64)   NULL,
    auth_credentials VARCHAR(4000) NULL COMMENT 'sent as Authorization: {auth_scheme} {credentials}; sealed',
    pushed_cursor    BIGINT        NOT NULL COMMENT 'the last inbox event of the client pushed, parked or passed over',
    attempts         INT           NOT NULL DEFAULT 0,
    refusals         INT           NOT NULL DEFAULT 0,
    next_attempt_at  DATETIME(6)   NULL,
    last_error       VARCHAR(1000) NULL,
    leased_by        VARCHAR(100)  NULL,
    leased_until     DATETIME(6)   NULL,
    created_at       DATETIME(6)   NOT NULL,
    ended_at         DATETIME(6)   NULL COMMENT 'the task''s final status was pushed: nothing more comes',
    PRIMARY KEY (task_id, agent_id, config_id),
    KEY ix_push_config_agent (agent_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One dead-letter store for the outbound deliveries: the remote relay's and the push notifications'.
RENAME TABLE remote_dead_letter TO outbound_dead_letter;
ALTER TABLE outbound_dead_letter
    ADD COLUMN relay      VARCHAR(16)  NOT NULL DEFAULT 'remote' COMMENT 'remote (an agent''s A2A server) or push (a webhook)' AFTER id,
    ADD COLUMN target_key VARCHAR(200) NULL COMMENT 'push: the task id and config id' AFTER agent_id,
    DROP KEY ix_remote_dead_letter_agent,
    ADD KEY ix_outbound_dead_letter_agent (relay, agent_id, id);

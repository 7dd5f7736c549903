-- Agents, who may talk to whom, tasks with their messages, and the transactional outbox.
-- Timestamps are UTC (DATETIME(6)); text columns are utf8mb4 with a binary collation so that what an agent sends
-- is stored and compared byte for byte.

CREATE TABLE agent (
    agent_id     VARCHAR(128) NOT NULL,
    display_name VARCHAR(200) NULL,
    token_hash   CHAR(64)     NOT NULL COMMENT 'hex SHA-256 of the bearer token; the token itself is never stored',
    created_at   DATETIME(6)  NOT NULL,
    PRIMARY KEY (agent_id),
    UNIQUE KEY uk_agent_token_hash (token_hash)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- One row per pair, stored with agent_low < agent_high: the permission is symmetric.
CREATE TABLE contact (
    agent_low  VARCHAR(128) NOT NULL,
    agent_high VARCHAR(128) NOT NULL,
    created_at DATETIME(6)  NOT NULL,
    PRIMARY KEY (agent_low, agent_high),
    KEY ix_contact_high (agent_high),
    CONSTRAINT fk_contact_low FOREIGN KEY (agent_low) REFERENCES agent (agent_id) ON DELETE CASCADE,
    CONSTRAINT fk_contact_high FOREIGN KEY (agent_high) REFERENCES agent (agent_id) ON DELETE CASCADE,
    CONSTRAINT ck_contact_order CHECK (agent_low < agent_high)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE task (
    task_id       VARCHAR(64)  NOT NULL,
    context_id    VARCHAR(64)  NOT NULL,
    requester     VARCHAR(128) NOT NULL,
    assignee      VARCHAR(128) NOT NULL,
    state         VARCHAR(20)  NOT NULL,
    status_reason VARCHAR(500) NULL,
    status_at     DATETIME(6)  NOT NULL,
    last_seq      INT          NOT NULL COMMENT 'seq of the newest message; bumped under the row lock',
    created_at    DATETIME(6)  NOT NULL,
    updated_at    DATETIME(6)  NOT NULL COMMENT 'last activity: message, artifact or status change',
    PRIMARY KEY (task_id),
    KEY ix_task_requester_updated (requester, updated_at),
    KEY ix_task_assignee_updated (assignee, updated_at),
    KEY ix_task_state_updated (state, updated_at),
    CONSTRAINT fk_task_requester FOREIGN KEY (requester) REFERENCES agent (agent_id),
    CONSTRAINT fk_task_assignee FOREIGN KEY (assignee) REFERENCES agent (agent_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE task_message (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    message_id  VARCHAR(200) NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    seq         INT          NOT NULL,
    sender      VARCHAR(128) NOT NULL,
    recipient   VARCHAR(128) NOT NULL,
    role        VARCHAR(10)  NOT NULL COMMENT 'A2A role: user (the requester) or agent (the assignee)',
    parts       LONGTEXT     NOT NULL COMMENT 'JSON array of A2A parts',
    fingerprint CHAR(64)     NOT NULL COMMENT 'hex SHA-256 of the send request: tells a replay from a conflict',
    created_at  DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_task_message_message_id (message_id),
    UNIQUE KEY uk_task_message_seq (task_id, seq),
    CONSTRAINT fk_task_message_task FOREIGN KEY (task_id) REFERENCES task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The transactional outbox: written in the same transaction as the message, published to Kafka afterwards.
CREATE TABLE outbox_event (
    id              BIGINT       NOT NULL AUTO_INCREMENT,
    event_key       VARCHAR(128) NOT NULL COMMENT 'Kafka record key: the recipient agent id',
    event_type      VARCHAR(32)  NOT NULL,
    task_id         VARCHAR(64)  NULL,
    payload         LONGTEXT     NOT NULL COMMENT 'JSON, the Kafka record value',
    status          VARCHAR(16)  NOT NULL COMMENT 'pending, sent or failed',
    attempts        INT          NOT NULL DEFAULT 0,
    next_attempt_at DATETIME(6)  NOT NULL,
    last_error      VARCHAR(1000) NULL,
    created_at      DATETIME(6)  NOT NULL,
    sent_at         DATETIME(6)  NULL,
    PRIMARY KEY (id),
    KEY ix_outbox_status_next_attempt (status, next_attempt_at),
    KEY ix_outbox_key_status (event_key, status, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

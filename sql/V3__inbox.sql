-- The recipients' side: each agent's inbox of delivered events, numbered by a per-agent cursor, the consumer's
-- dedup table, and dead letters (records the consumer gave up on).

-- One row per agent: the last cursor handed out (bumped under the row lock) and the agent's last ack.
CREATE TABLE inbox_cursor (
    agent_id     VARCHAR(128) NOT NULL,
    last_cursor  BIGINT       NOT NULL,
    acked_cursor BIGINT       NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE inbox_event (
    agent_id     VARCHAR(128) NOT NULL,
    cursor_no    BIGINT       NOT NULL,
    event_type   VARCHAR(32)  NOT NULL,
    event_id     VARCHAR(200) NOT NULL,
    task_id      VARCHAR(64)  NULL,
    payload      LONGTEXT     NOT NULL COMMENT 'the event JSON as published',
    delivered_at DATETIME(6)  NOT NULL,
    PRIMARY KEY (agent_id, cursor_no)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- (agent, event) delivered once: a record that comes again (redelivery, a resend) finds its row and is dropped.
-- Rows live at least as long as the topic's retention; housekeeping purges older ones.
CREATE TABLE inbox_dedup (
    agent_id     VARCHAR(128) NOT NULL,
    event_id     VARCHAR(200) NOT NULL,
    delivered_at DATETIME(6)  NOT NULL,
    PRIMARY KEY (agent_id, event_id),
    KEY ix_inbox_dedup_delivered (delivered_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

CREATE TABLE dead_letter (
    id              BIGINT        NOT NULL AUTO_INCREMENT,
    topic           VARCHAR(249)  NOT NULL,
    kafka_partition INT           NOT NULL,
    kafka_offset    BIGINT        NOT NULL,
    record_key      VARCHAR(128)  NULL,
    payload         LONGTEXT      NOT NULL,
    error           VARCHAR(1000) NOT NULL,
    attempts        INT           NOT NULL,
    status          VARCHAR(16)   NOT NULL COMMENT 'parked or replayed',
    created_at      DATETIME(6)   NOT NULL,
    replayed_at     DATETIME(6)   NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_dead_letter_record (topic, kafka_partition, kafka_offset),
    KEY ix_dead_letter_status (status, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Agents that are A2A servers elsewhere: the mesh delivers their inbox by calling them (A2A SendMessage), one event
-- at a time and in inbox order, and turns their answers into mesh events.
CREATE TABLE remote_agent (
    agent_id         VARCHAR(128)  NOT NULL,
    card_url         VARCHAR(2000) NOT NULL,
    endpoint         VARCHAR(2000) NOT NULL COMMENT 'the JSON-RPC interface of its card that the mesh calls',
    protocol_version VARCHAR(8)    NOT NULL COMMENT '1.0 or 0.3',
    name             VARCHAR(200)  NULL,
    streaming        BOOLEAN       NOT NULL DEFAULT FALSE COMMENT 'its card says it streams: tasks are followed by SubscribeToTask, else by GetTask',
    secret           VARCHAR(2000) NULL COMMENT 'the bearer token its server wants; sent to it, never returned',
    relayed_cursor   BIGINT        NOT NULL DEFAULT 0 COMMENT 'the last inbox event it acknowledged or that was parked',
    attempts         INT           NOT NULL DEFAULT 0 COMMENT 'failed calls for the event after relayed_cursor',
    refusals         INT           NOT NULL DEFAULT 0 COMMENT 'of those, the ones the server refused',
    next_attempt_at  DATETIME(6)   NULL,
    last_error       VARCHAR(1000) NULL,
    leased_by        VARCHAR(100)  NULL COMMENT 'the server instance relaying it now',
    leased_until     DATETIME(6)   NULL,
    PRIMARY KEY (agent_id),
    CONSTRAINT fk_remote_agent_agent FOREIGN KEY (agent_id) REFERENCES agent (agent_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The remote server's id for a mesh task it works on (A2A servers choose their task ids).
CREATE TABLE remote_task (
    task_id           VARCHAR(64)  NOT NULL,
    agent_id          VARCHAR(128) NOT NULL,
    remote_task_id    VARCHAR(200) NOT NULL,
    remote_context_id VARCHAR(200) NULL,
    PRIMARY KEY (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Inbox events a remote agent refused until the attempts ran out: set aside so that the ones behind them move on,
-- kept for an admin to replay.
CREATE TABLE remote_dead_letter (
    id          BIGINT        NOT NULL AUTO_INCREMENT,
    agent_id    VARCHAR(128)  NOT NULL,
    cursor_no   BIGINT        NOT NULL,
    error       VARCHAR(1000) NULL,
    parked_at   DATETIME(6)   NOT NULL,
    replayed_at DATETIME(6)   NULL,
    PRIMARY KEY (id),
    KEY ix_remote_dead_letter_agent (agent_id, id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

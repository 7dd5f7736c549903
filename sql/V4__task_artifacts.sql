-- Artifacts: the outputs an assignee attaches to a task (A2A), each with parts like a message's.
CREATE TABLE task_artifact (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    artifact_id VARCHAR(200) NOT NULL,
    task_id     VARCHAR(64)  NOT NULL,
    name        VARCHAR(200) NOT NULL,
    parts       LONGTEXT     NOT NULL COMMENT 'JSON array of A2A parts',
    created_by  VARCHAR(128) NOT NULL,
    created_at  DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uk_task_artifact (task_id, artifact_id),
    CONSTRAINT fk_task_artifact_task FOREIGN KEY (task_id) REFERENCES task (task_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

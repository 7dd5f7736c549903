-- An artifact grows by appends (A2A's append: true): each append is a row of its own, numbered after the artifact's
-- last (chunk 0 is the artifact as it was added), so that a reader following a task by cursor reads the appended
-- parts when they come, and a task read whole puts each artifact's chunks together.
ALTER TABLE task_artifact
    ADD COLUMN chunk INT NOT NULL DEFAULT 0 COMMENT '0: the artifact as added; 1, 2, ...: its appends' AFTER artifact_id,
    DROP KEY uk_task_artifact,
    ADD UNIQUE KEY uk_task_artifact (task_id, artifact_id, chunk);

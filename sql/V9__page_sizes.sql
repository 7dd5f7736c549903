-- Reads are paged by bytes as well as by count. Each row keeps the size of its content, computed by the database
-- when the row is written: a page's sizes are then summed from the rows alone, without reading a single LONGTEXT
-- (InnoDB keeps large values off the row; LENGTH() of one reads all of it). Adding a stored column rebuilds the
-- table once, at this migration.
ALTER TABLE inbox_event ADD COLUMN payload_bytes INT AS (LENGTH(payload)) PERSISTENT;
ALTER TABLE task_message ADD COLUMN parts_bytes INT AS (LENGTH(parts)) PERSISTENT;
ALTER TABLE task_artifact ADD COLUMN parts_bytes INT AS (LENGTH(parts)) PERSISTENT,
    ADD KEY ix_task_artifact_page (task_id, id);

-- The dispatcher finds each recipient's earliest pending event (its head) by a grouped read of this index: one
-- entry per recipient with pending events, however many wait behind the heads; a recipient's run is a range of
-- it; the metrics count the pending and failed rows by its first column. The old claim's indexes go: it walked
-- every due row in next_attempt_at order and probed each for an earlier pending one.
ALTER TABLE outbox_event
    DROP KEY ix_outbox_status_next_attempt,
    DROP KEY ix_outbox_key_status,
    ADD KEY ix_outbox_status_key (status, event_key, id);

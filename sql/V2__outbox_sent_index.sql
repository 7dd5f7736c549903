-- Housekeeping deletes sent events by age in small batches; this index lets it find them without touching the
-- pending rows the dispatcher claims.
CREATE INDEX ix_outbox_status_sent_at ON outbox_event (status, sent_at);

-- An outbox event is due at once by the database's clock, the one every instance's claim compares with
-- (next_attempt_at <= UTC_TIMESTAMP(6)): the default lets the event be written through its entity without
-- taking an application server's clock.
ALTER TABLE outbox_event MODIFY next_attempt_at DATETIME(6) NOT NULL DEFAULT (UTC_TIMESTAMP(6));

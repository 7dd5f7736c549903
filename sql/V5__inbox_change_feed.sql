-- When each inbox last received an event, by the database's clock: every instance polls the recent rows once a
-- second to wake its readers of inboxes that another instance delivered to (one indexed range query, whatever the
-- number of readers).
ALTER TABLE inbox_cursor
    ADD COLUMN updated_at DATETIME(6) NOT NULL DEFAULT '1970-01-01 00:00:00' COMMENT 'last delivery, database clock',
    ADD KEY ix_inbox_cursor_updated (updated_at);

-- The W3C trace context a message was sent in (docs/TRACING.md): stored with the message, and with its outbox event,
-- whose publisher puts it in the Kafka record's headers. NULL: no context came with the send and tracing is off.
-- 55 characters is the traceparent's one length (version 00); the tracestate is kept up to 512.
ALTER TABLE task_message
    ADD COLUMN traceparent VARCHAR(55) NULL COMMENT 'W3C traceparent of the send',
    ADD COLUMN tracestate VARCHAR(512) NULL COMMENT 'W3C tracestate of the send';
ALTER TABLE outbox_event
    ADD COLUMN traceparent VARCHAR(55) NULL COMMENT 'W3C traceparent of the event''s create span',
    ADD COLUMN tracestate VARCHAR(512) NULL COMMENT 'W3C tracestate of the event''s create span';

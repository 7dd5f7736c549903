-- A remote task the relay no longer follows: its server said it is over (or lost it), or its answers could not be
-- followed after every attempt. The mesh task may still be open (say, its agents may no longer talk): then its idle
-- timeout ends it, instead of the relay asking the remote server every few seconds for ever.
ALTER TABLE remote_task
    ADD COLUMN ended_at DATETIME(6) NULL COMMENT 'when the relay stopped following it; NULL while it is followed';

-- A bearer token is stored sealed (v1: and the base64 of nonce, ciphertext and tag): longer than the token itself.
ALTER TABLE remote_agent
    MODIFY COLUMN secret VARCHAR(4000) NULL
        COMMENT 'the bearer token its server wants: sealed (v1:) or in clear (clear:, none); never returned';

-- When an agent's token was last replaced, by the database's clock: every instance polls the recent rotations once
-- a second, forgets the old token and closes the streams and long polls opened with it.
ALTER TABLE agent
    ADD COLUMN token_rotated_at DATETIME(6) NULL COMMENT 'last rotation, database clock',
    ADD KEY ix_agent_token_rotated (token_rotated_at);

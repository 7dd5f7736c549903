-- When an admin disabled the agent (NULL: enabled), by the database's clock: none of its tokens — the mesh's own or
-- a provider's JWT — is accepted until an admin enables it again. A disable also moves token_rotated_at, the change
-- feed's one signal that an agent's tokens stopped working, so that every instance forgets them and ends the streams,
-- waits and sessions they opened within a poll (TokenRotationChanges), with no query of its own.
ALTER TABLE agent ADD COLUMN disabled_at DATETIME(6) NULL COMMENT 'when an admin disabled it, database clock';

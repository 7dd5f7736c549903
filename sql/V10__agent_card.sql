-- What an agent's A2A card says about it, set by an admin: a description and its skills (a JSON array of
-- {id, name, description, tags, examples}). Absent, the card describes the agent in general terms.
ALTER TABLE agent ADD COLUMN description VARCHAR(2000) NULL,
                  ADD COLUMN skills MEDIUMTEXT NULL;

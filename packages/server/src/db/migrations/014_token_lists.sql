-- Token lists (src/tokens/lists/): the names of the operator's lists that vouch for a verified token.
-- Only adds, with a default, so an instance of the previous version keeps working on this schema.
ALTER TABLE tokens ADD COLUMN list_names text[] NOT NULL DEFAULT '{}';

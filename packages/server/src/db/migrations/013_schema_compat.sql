-- Which releases may lead the chain watcher on this schema. A release's schema version is the number of
-- the newest migration it ships; an instance whose version is below `min_leader_schema` does not take
-- the watcher's lock (it says so in its log and /health) and steps down if it holds it, so an older
-- instance left running during an upgrade never applies chain events the newer code would read wrong.
-- A migration that older releases must not lead on raises it to its own number; one that only adds
-- leaves it. Releases before this one do not read it (docs/OPERATING.md, "Upgrades and migrations").
-- The floor starts at 7: 007 is the newest migration an older release must not lead on, and 008-014 only
-- add, so every release since 007 may lead here.
CREATE TABLE schema_compat (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  min_leader_schema integer NOT NULL
);
INSERT INTO schema_compat (min_leader_schema) VALUES (7);

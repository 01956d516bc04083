-- A token whose simulated transfer did not move what it reported (docs/RELIABILITY.md, "One actor
-- cannot flood the book"): its orders as maker token are kept out of the book, re-validation included.
ALTER TABLE tokens ADD COLUMN transfer_dishonest boolean NOT NULL DEFAULT false;

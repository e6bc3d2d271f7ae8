-- Per-character writing settings (issue 8): the matcher's leniency and alternative stroke orders.
ALTER TABLE characters ADD COLUMN leniency DOUBLE PRECISION NOT NULL DEFAULT 1;
ALTER TABLE characters ADD COLUMN alternatives TEXT NOT NULL DEFAULT '[]';

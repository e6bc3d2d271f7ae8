-- Issue 37: an address's confusable skeleton (Unicode TS #39), so no two accounts have addresses
-- that look alike ("a@…" and a Cyrillic "а@…"). Written with every email by the store; rows from
-- before are filled in when the store opens (IdentityStore::record_email_skeletons). NULLs are
-- distinct in a unique index, so a row not yet filled in blocks nothing.
ALTER TABLE users ADD COLUMN email_skeleton TEXT;
CREATE UNIQUE INDEX users_email_skeleton ON users (email_skeleton);

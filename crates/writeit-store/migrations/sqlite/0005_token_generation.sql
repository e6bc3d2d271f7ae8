-- Revocation counter: every revocation (sign out everywhere, password change or reset) adds one,
-- ID tokens carry the value they were minted with (`gen`), and a smaller one is refused. Exact,
-- where valid_since (seconds) left valid a token issued in the second of the revocation.
ALTER TABLE users ADD COLUMN token_generation INTEGER NOT NULL DEFAULT 0;

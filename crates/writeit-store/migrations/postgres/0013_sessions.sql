-- Sessions (issue 37): one row per refresh-token family (a sign-in and its rotations), so a
-- learner sees their sessions and ends one or all others. ID tokens name theirs (`sid`); one whose
-- session ended is refused within the account-status window. Times are ms since the epoch.
CREATE TABLE identity_sessions (
    id           TEXT COLLATE "C" PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The User-Agent of the sign-in (at most 512 bytes), read into a browser and a system when listed.
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    -- The last refresh: a session in use refreshes its ID token at least every hour.
    last_used_at BIGINT NOT NULL,
    -- When its newest refresh token expires (unused for 90 days).
    expires_at   BIGINT NOT NULL,
    ended_at     BIGINT
);
CREATE INDEX identity_sessions_user ON identity_sessions (user_id);

-- The families issued before: a family's tokens are revoked together, so any revoked one ends it.
INSERT INTO identity_sessions (id, user_id, created_at, last_used_at, expires_at, ended_at)
SELECT family, MIN(user_id), MIN(created_at), MAX(created_at), MAX(expires_at), MAX(revoked_at)
FROM identity_refresh_tokens GROUP BY family;

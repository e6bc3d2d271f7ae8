-- Identity (docs/identity.md): passwords, refresh tokens, one-time codes, TOTP, rate limits.
-- Times are ms since the epoch, except users.valid_since (seconds, compared with a JWT's iat).

ALTER TABLE users ADD COLUMN password_hash TEXT;
ALTER TABLE users ADD COLUMN display_name TEXT;
ALTER TABLE users ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
-- ID tokens issued (iat, seconds) before this are refused: set by sign-out, password change and reset.
ALTER TABLE users ADD COLUMN valid_since BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_login_at BIGINT;
ALTER TABLE users ADD COLUMN password_updated_at BIGINT;

-- Refresh tokens, by the SHA-256 of the token; a family is one sign-in and its rotations.
CREATE TABLE identity_refresh_tokens (
    token_hash TEXT COLLATE "C" PRIMARY KEY,
    family     TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    revoked_at BIGINT
);
CREATE INDEX identity_refresh_tokens_user ON identity_refresh_tokens (user_id);
CREATE INDEX identity_refresh_tokens_family ON identity_refresh_tokens (family);

-- One-time codes (mail links, MFA pending credentials, TOTP enrolment sessions), by SHA-256.
CREATE TABLE identity_codes (
    code_hash  TEXT COLLATE "C" PRIMARY KEY,
    kind       TEXT NOT NULL,
    user_id    TEXT REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    payload    TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX identity_codes_expiry ON identity_codes (expires_at);

-- One TOTP factor per user; last_step refuses a code of a step already used.
CREATE TABLE identity_totp (
    user_id       TEXT COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    enrollment_id TEXT NOT NULL,
    secret        TEXT NOT NULL,
    display_name  TEXT,
    enrolled_at   BIGINT NOT NULL,
    last_step     BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE identity_recovery_codes (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at   BIGINT,
    PRIMARY KEY (user_id, code_hash)
);

-- Fixed-window counters shared by every instance (DESIGN §1).
CREATE TABLE identity_rate_limits (
    key          TEXT COLLATE "C" PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits         BIGINT NOT NULL
);

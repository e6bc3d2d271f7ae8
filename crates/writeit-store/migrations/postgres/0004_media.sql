-- Media files entries point at (audio from Anki packages), named by the SHA-256 of their bytes.
CREATE TABLE media (
    id TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    bytes BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);

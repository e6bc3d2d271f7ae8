-- Who uploaded each media file, how many bytes and when (issue 36): the per-account media quota
-- counts an uploader's rows, and the collector removes a file no entry references once its last
-- upload is older than the grace period (media/). Files stored before this table are the
-- operator's (user_id ''), uploaded when they were stored.
CREATE TABLE media_uploads (
    user_id     TEXT NOT NULL,
    media_id    TEXT NOT NULL,
    bytes       BIGINT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, media_id)
);
CREATE INDEX media_uploads_by_media ON media_uploads (media_id, uploaded_at);
INSERT INTO media_uploads (user_id, media_id, bytes, uploaded_at)
SELECT '', id, length(bytes), created_at FROM media;

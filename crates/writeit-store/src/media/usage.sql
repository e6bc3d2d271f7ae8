SELECT count(*), CAST(coalesce(sum(bytes), 0) AS BIGINT) FROM media_uploads WHERE user_id = $1

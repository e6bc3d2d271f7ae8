SELECT media_id FROM media_uploads
GROUP BY media_id
HAVING max(uploaded_at) < $1
    AND media_id NOT IN (
        SELECT substr(audio_url, 8, 64) FROM entries WHERE audio_url LIKE '/media/%'
    )
ORDER BY max(uploaded_at)
LIMIT $2

INSERT INTO entries (id, language_code, text, reading, meanings, notes, examples, audio_url,
                     updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (id) DO UPDATE SET
    language_code = excluded.language_code, text = excluded.text, reading = excluded.reading,
    meanings = excluded.meanings, notes = excluded.notes, examples = excluded.examples,
    audio_url = excluded.audio_url, updated_at = excluded.updated_at, deleted = excluded.deleted

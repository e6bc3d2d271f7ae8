SELECT e.id, e.language_code, e.text, e.reading, e.meanings, e.notes, e.examples, e.audio_url,
       e.updated_at, e.deleted
FROM decks d, json_each(d.entry_ids) j
JOIN entries e ON e.id = j.value
WHERE d.id = $1
ORDER BY j.key

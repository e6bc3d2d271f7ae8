SELECT e.id, e.language_code, e.text, e.reading, e.meanings, e.notes, e.examples, e.audio_url,
       e.updated_at, e.deleted
FROM decks d
CROSS JOIN LATERAL jsonb_array_elements_text(d.entry_ids::jsonb) WITH ORDINALITY AS j (id, n)
JOIN entries e ON e.id = j.id
WHERE d.id = $1
ORDER BY j.n

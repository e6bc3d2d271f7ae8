INSERT INTO character_uses (language_code, value) VALUES ($1, $2)
ON CONFLICT (language_code, value) DO NOTHING

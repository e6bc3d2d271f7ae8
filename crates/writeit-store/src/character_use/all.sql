SELECT language_code, value FROM character_uses

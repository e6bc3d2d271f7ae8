INSERT INTO languages (id, name, native_name, rtl, updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (id) DO UPDATE SET
    name = excluded.name, native_name = excluded.native_name, rtl = excluded.rtl,
    updated_at = excluded.updated_at, deleted = excluded.deleted

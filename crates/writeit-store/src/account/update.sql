UPDATE users SET email = $2, email_verified = $3, display_name = $4, password_hash = $5,
    password_updated_at = $6, updated_at = $7,
    -- A row left without a skeleton (its address looked like an earlier one's) keeps working.
    email_skeleton = CASE WHEN email = $2 THEN email_skeleton ELSE $8 END
WHERE id = $1

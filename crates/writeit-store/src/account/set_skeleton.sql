UPDATE users SET email_skeleton = $2 WHERE id = $1 AND email_skeleton IS NULL

UPDATE identity_codes SET used_at = $2
WHERE user_id = $1 AND used_at IS NULL
    AND kind IN ('PASSWORD_RESET', 'VERIFY_EMAIL', 'EMAIL_SIGNIN', 'VERIFY_AND_CHANGE_EMAIL')

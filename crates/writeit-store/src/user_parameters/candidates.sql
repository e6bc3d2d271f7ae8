SELECT r.user_id, COUNT(*), p.reviews
FROM user_reviews r LEFT JOIN user_parameters p ON p.user_id = r.user_id
WHERE r.deleted = FALSE
GROUP BY r.user_id, p.reviews
HAVING COUNT(*) >= $1

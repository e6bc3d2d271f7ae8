SELECT user_id, weights, fitted, reviews, items, default_log_loss, default_rmse, log_loss, rmse,
       fitted_at, workload, recommended_retention, updated_at, deleted
FROM user_parameters
WHERE user_id = $1 AND updated_at > $2 AND (updated_at, user_id) > ($3, $4)
  AND updated_at <= $6
ORDER BY updated_at, user_id
LIMIT $5

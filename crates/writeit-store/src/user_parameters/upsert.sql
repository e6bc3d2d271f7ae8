INSERT INTO user_parameters (user_id, weights, fitted, reviews, items, default_log_loss,
                             default_rmse, log_loss, rmse, fitted_at, workload,
                             recommended_retention, updated_at, deleted)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
ON CONFLICT (user_id) DO UPDATE SET
    weights = excluded.weights, fitted = excluded.fitted, reviews = excluded.reviews,
    items = excluded.items, default_log_loss = excluded.default_log_loss,
    default_rmse = excluded.default_rmse, log_loss = excluded.log_loss, rmse = excluded.rmse,
    fitted_at = excluded.fitted_at, workload = excluded.workload,
    recommended_retention = excluded.recommended_retention,
    updated_at = excluded.updated_at, deleted = excluded.deleted

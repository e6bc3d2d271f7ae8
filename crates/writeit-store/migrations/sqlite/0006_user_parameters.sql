-- A learner's FSRS-6 parameters, one row per user (docs/rpc.md "Fitted parameters"). `weights`
-- (21 numbers) and `workload` are JSON text, read back to the same f64 values.
CREATE TABLE user_parameters (
    user_id               TEXT NOT NULL PRIMARY KEY,
    weights               TEXT NOT NULL,
    fitted                INTEGER NOT NULL,
    reviews               INTEGER NOT NULL,
    items                 INTEGER NOT NULL,
    default_log_loss      REAL,
    default_rmse          REAL,
    log_loss              REAL,
    rmse                  REAL,
    fitted_at             INTEGER NOT NULL,
    workload              TEXT NOT NULL DEFAULT '[]',
    recommended_retention REAL,
    updated_at            INTEGER NOT NULL,
    deleted               INTEGER NOT NULL DEFAULT 0
);
-- Paged by the primary key (one row per user); the fitter reads logs by user_reviews_card.

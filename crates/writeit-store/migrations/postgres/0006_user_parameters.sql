-- A learner's FSRS-6 parameters, one row per user (docs/rpc.md "Fitted parameters"). `weights`
-- (21 numbers) and `workload` are JSON text, read back to the same f64 values.
CREATE TABLE user_parameters (
    user_id               TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    weights               TEXT NOT NULL,
    fitted                BOOLEAN NOT NULL,
    reviews               BIGINT NOT NULL,
    items                 BIGINT NOT NULL,
    default_log_loss      DOUBLE PRECISION,
    default_rmse          DOUBLE PRECISION,
    log_loss              DOUBLE PRECISION,
    rmse                  DOUBLE PRECISION,
    fitted_at             BIGINT NOT NULL,
    workload              TEXT NOT NULL DEFAULT '[]',
    recommended_retention DOUBLE PRECISION,
    updated_at            BIGINT NOT NULL,
    deleted               BOOLEAN NOT NULL DEFAULT FALSE
);
-- Paged by the primary key (one row per user); the fitter reads logs by user_reviews_card.

//! The identity service's one error type, answered in the upstream shape:
//! `{"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [...], "status": "..."}}`.
//! Internal causes are logged, never sent.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use writeit_store::StoreError;

/// An answer other than success: an upstream error code (and detail after ` : `).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds, for 429 and 503.
    pub retry_after: Option<i64>,
}

impl IdError {
    /// 400 with an upstream code such as `EMAIL_EXISTS`.
    pub fn bad(message: impl Into<String>) -> IdError {
        IdError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 429 `TOO_MANY_ATTEMPTS_TRY_LATER` with `Retry-After`.
    pub fn too_many(retry_after_secs: i64) -> IdError {
        IdError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: "TOO_MANY_ATTEMPTS_TRY_LATER".into(),
            retry_after: Some(retry_after_secs.max(1)),
        }
    }

    /// 503 with `Retry-After`: too many password hashes in flight and queued (each holds 19 MiB),
    /// answered at once. The upstream code, so clients say "too many attempts, try again".
    pub fn busy(retry_after_secs: i64) -> IdError {
        IdError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "TOO_MANY_ATTEMPTS_TRY_LATER : The server is busy; try again in a moment"
                .into(),
            retry_after: Some(retry_after_secs.max(1)),
        }
    }

    /// 500 `INTERNAL_ERROR`; the cause is logged here.
    pub fn internal(cause: impl std::fmt::Display) -> IdError {
        tracing::error!(error = %cause, "identity: internal failure");
        IdError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "INTERNAL_ERROR".into(),
            retry_after: None,
        }
    }

    /// 503 with `Retry-After`: worth retrying later (the database unreachable, the disk full).
    pub fn unavailable(message: &str) -> IdError {
        IdError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
            retry_after: crate::error::RETRY_AFTER_SECS.parse().ok(),
        }
    }

    /// 404 for an unknown identity endpoint.
    pub fn not_found() -> IdError {
        IdError {
            status: StatusCode::NOT_FOUND,
            message: "NOT_FOUND".into(),
            retry_after: None,
        }
    }

    fn status_name(&self) -> &'static str {
        match self.status.as_u16() {
            400 => "INVALID_ARGUMENT",
            404 => "NOT_FOUND",
            429 => "RESOURCE_EXHAUSTED",
            503 => "UNAVAILABLE",
            _ => "INTERNAL",
        }
    }
}

impl From<StoreError> for IdError {
    fn from(e: StoreError) -> IdError {
        match e {
            // The unique skeleton (writeit-store's `email_skeleton`): a lookalike address.
            StoreError::Conflict { message, field } if message == "EMAIL_EXISTS" => {
                IdError::bad(if field.as_deref() == Some("email_skeleton") {
                    "EMAIL_EXISTS : Another account's address looks the same as this one"
                } else {
                    "EMAIL_EXISTS"
                })
            }
            // Retryable, like the API's 503 (crate::error's one rule): sign-in must not look
            // like a server bug while the database is unreachable or the disk full.
            other if other.is_disk_full() => {
                tracing::error!(error = %other, "identity: no space left");
                crate::disk::note_full();
                IdError::unavailable(&format!("UNAVAILABLE : {}", crate::disk::FULL))
            }
            other if other.is_unavailable() => {
                tracing::warn!(error = %other, "identity: database unavailable");
                IdError::unavailable("UNAVAILABLE")
            }
            other => IdError::internal(other),
        }
    }
}

impl IntoResponse for IdError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({
            "error": {
                "code": self.status.as_u16(),
                "message": self.message,
                "errors": [{ "message": self.message, "domain": "global", "reason": "invalid" }],
                "status": self.status_name(),
            }
        });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        response
    }
}

//! The error every procedure answers with, and tRPC's codes for it.

use serde::Serialize;
use ts_rs::TS;

/// tRPC v11 error codes WriteIt uses, with their JSON-RPC numbers and HTTP statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    ParseError,
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    MethodNotSupported,
    Timeout,
    Conflict,
    PayloadTooLarge,
    UnsupportedMediaType,
    UnprocessableContent,
    TooManyRequests,
    InternalServerError,
    /// The database cannot be reached: retry later (answered with `Retry-After`).
    ServiceUnavailable,
}

impl ErrorCode {
    /// The JSON-RPC 2.0 style number tRPC puts in `error.code`.
    pub fn json_rpc(self) -> i32 {
        match self {
            ErrorCode::ParseError => -32700,
            ErrorCode::BadRequest => -32600,
            ErrorCode::Unauthorized => -32001,
            ErrorCode::Forbidden => -32003,
            ErrorCode::NotFound => -32004,
            ErrorCode::MethodNotSupported => -32005,
            ErrorCode::Timeout => -32008,
            ErrorCode::Conflict => -32009,
            ErrorCode::PayloadTooLarge => -32013,
            ErrorCode::UnsupportedMediaType => -32015,
            ErrorCode::UnprocessableContent => -32022,
            ErrorCode::TooManyRequests => -32029,
            ErrorCode::InternalServerError | ErrorCode::ServiceUnavailable => -32603,
        }
    }

    /// The HTTP status tRPC maps the code to.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::ParseError | ErrorCode::BadRequest => 400,
            ErrorCode::Unauthorized => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::MethodNotSupported => 405,
            ErrorCode::Timeout => 408,
            ErrorCode::Conflict => 409,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::UnsupportedMediaType => 415,
            ErrorCode::UnprocessableContent => 422,
            ErrorCode::TooManyRequests => 429,
            ErrorCode::InternalServerError => 500,
            ErrorCode::ServiceUnavailable => 503,
        }
    }

    /// The code as tRPC spells it on the wire (`BAD_REQUEST`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::ParseError => "PARSE_ERROR",
            ErrorCode::BadRequest => "BAD_REQUEST",
            ErrorCode::Unauthorized => "UNAUTHORIZED",
            ErrorCode::Forbidden => "FORBIDDEN",
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::MethodNotSupported => "METHOD_NOT_SUPPORTED",
            ErrorCode::Timeout => "TIMEOUT",
            ErrorCode::Conflict => "CONFLICT",
            ErrorCode::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            ErrorCode::UnsupportedMediaType => "UNSUPPORTED_MEDIA_TYPE",
            ErrorCode::UnprocessableContent => "UNPROCESSABLE_CONTENT",
            ErrorCode::TooManyRequests => "TOO_MANY_REQUESTS",
            ErrorCode::InternalServerError => "INTERNAL_SERVER_ERROR",
            ErrorCode::ServiceUnavailable => "SERVICE_UNAVAILABLE",
        }
    }
}

/// Why an input was refused, for clients to act on (and translate) without reading the message.
/// Sent as `error.data.reason`, next to `error.data.field`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ErrorReason {
    /// A required value is missing or blank.
    Required,
    /// A text is over its limit.
    TooLong,
    /// An array is over its limit.
    TooMany,
    /// A number is outside its range.
    OutOfRange,
    /// A value breaks a format rule: UUID, language code, URL, a rule between fields.
    InvalidFormat,
    /// The input's JSON has the wrong type or shape, or an unknown or missing field.
    InvalidType,
    /// The input contradicts what is stored.
    Conflict,
    /// The caller may not do this.
    Forbidden,
    /// The input names something that does not exist.
    NotFound,
    /// The request is larger than allowed.
    TooLarge,
}

impl ErrorReason {
    /// The reason as it is spelt on the wire (`outOfRange`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorReason::Required => "required",
            ErrorReason::TooLong => "tooLong",
            ErrorReason::TooMany => "tooMany",
            ErrorReason::OutOfRange => "outOfRange",
            ErrorReason::InvalidFormat => "invalidFormat",
            ErrorReason::InvalidType => "invalidType",
            ErrorReason::Conflict => "conflict",
            ErrorReason::Forbidden => "forbidden",
            ErrorReason::NotFound => "notFound",
            ErrorReason::TooLarge => "tooLarge",
        }
    }
}

/// A procedure's failure as the caller sees it: a code and a message meant for people, and for a
/// refused input the field it is about and why, meant for programs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct RpcError {
    pub code: ErrorCode,
    pub message: String,
    /// The input field's camelCase JSON path (`durationMs`, `meanings[2]`, `strokes[0].median`).
    pub field: Option<String>,
    pub reason: Option<ErrorReason>,
    /// The limit a too long or too many value passed (`TooLong`, `TooMany`), so a client can say
    /// it in its own words.
    pub limit: Option<u64>,
}

impl RpcError {
    /// An error with the given code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        RpcError {
            code,
            message: message.into(),
            field: None,
            reason: None,
            limit: None,
        }
    }
    /// The same error about the input field at `path`.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.field = Some(path.into());
        self
    }
    /// The same error with its reason.
    pub fn because(mut self, reason: ErrorReason) -> Self {
        self.reason = Some(reason);
        self
    }
    /// The same error with the limit the value passed.
    pub fn limited(mut self, limit: usize) -> Self {
        self.limit = Some(limit as u64);
        self
    }
    /// BAD_REQUEST with a message.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadRequest, message)
    }
    /// UNAUTHORIZED: the procedure needs a signed-in caller.
    pub fn unauthorized() -> Self {
        Self::new(ErrorCode::Unauthorized, "Sign in to use this procedure")
    }
    /// FORBIDDEN with a message.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Forbidden, message).because(ErrorReason::Forbidden)
    }
    /// CONFLICT with a message.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Conflict, message).because(ErrorReason::Conflict)
    }
    /// INTERNAL_SERVER_ERROR; the cause is logged by the caller, never sent.
    pub fn internal() -> Self {
        Self::new(ErrorCode::InternalServerError, "Internal server error")
    }
}

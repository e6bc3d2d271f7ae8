//! Parsing a tRPC request: procedure path(s), batch flag, inputs, with explicit limits.

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Uri};
use serde_json::value::RawValue;
use writeit_core::limits::{BATCH_MAX, BODY_BYTES_MAX, URL_BYTES_MAX};
use writeit_core::procedure::{self, Kind, Procedure};
use writeit_core::{ErrorCode, ErrorReason, RpcError};

/// One call of a request.
pub struct Item {
    /// The path it named.
    pub name: String,
    /// The procedure, or the call's own error when there is none of that name or it is called
    /// with the other method: as in @trpc/server 11, the batch's other calls still run.
    pub procedure: Result<&'static Procedure, RpcError>,
    /// The call's input JSON, `None` when it sent none.
    pub input: Option<Box<RawValue>>,
}

/// A parsed request.
pub struct Calls {
    pub batched: bool,
    pub items: Vec<Item>,
}

/// Parses and checks everything that can fail for the whole request at once.
pub async fn parse(
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    path: &str,
    body: Body,
) -> Result<Calls, RpcError> {
    check_url(uri)?;
    let kind = match *method {
        Method::GET => Kind::Query,
        Method::POST => Kind::Mutation,
        _ => {
            return Err(RpcError::new(
                ErrorCode::MethodNotSupported,
                format!("Unsupported {method} request: queries use GET, mutations POST"),
            ))
        }
    };
    let mut batched = false;
    let mut input_param: Option<String> = None;
    for (key, value) in form_urlencoded_pairs(uri.query().unwrap_or("")) {
        match key.as_str() {
            "batch" => batched = value == "1" || value == "true",
            "input" => input_param = Some(value),
            _ => {}
        }
    }
    let procedures: Vec<(String, Result<&'static Procedure, RpcError>)> =
        procedure_names(path, batched)?
            .iter()
            .map(|name| (name.to_string(), resolve(name, kind)))
            .collect();
    let raw: Option<String> = match kind {
        Kind::Query => input_param,
        Kind::Mutation => mutation_input(headers, body).await?,
    };
    let items = split_inputs(batched, raw.as_deref(), procedures)?;
    Ok(Calls { batched, items })
}

/// Refuses a URL over [`URL_BYTES_MAX`] (queries carry their inputs in it).
fn check_url(uri: &Uri) -> Result<(), RpcError> {
    let url_len = uri.path().len() + uri.query().map_or(0, |q| q.len() + 1);
    if url_len > URL_BYTES_MAX {
        return Err(RpcError::new(
            ErrorCode::PayloadTooLarge,
            format!(
                "The request URL is longer than {URL_BYTES_MAX} bytes: send fewer calls per batch"
            ),
        )
        .because(ErrorReason::TooLarge));
    }
    Ok(())
}

/// The procedure names of the path (`a,b,c`): at least one, several only when batched, at most
/// [`BATCH_MAX`].
fn procedure_names(path: &str, batched: bool) -> Result<Vec<&str>, RpcError> {
    let names: Vec<&str> = if path.is_empty() {
        Vec::new()
    } else {
        path.split(',').collect()
    };
    if names.is_empty() {
        return Err(RpcError::new(
            ErrorCode::NotFound,
            "No procedure named in the path",
        ));
    }
    if !batched && names.len() > 1 {
        return Err(RpcError::bad_request(
            "Several procedures named without batch=1",
        ));
    }
    if names.len() > BATCH_MAX {
        return Err(RpcError::new(
            ErrorCode::PayloadTooLarge,
            format!(
                "A batch may hold at most {BATCH_MAX} calls; this one has {}",
                names.len()
            ),
        )
        .because(ErrorReason::TooLarge));
    }
    Ok(names)
}

/// A mutation's input JSON text from its body, which must be `application/json` and UTF-8;
/// `None` for a blank body.
async fn mutation_input(headers: &HeaderMap, body: Body) -> Result<Option<String>, RpcError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mime = content_type.split(';').next().unwrap_or("").trim();
    if !mime.eq_ignore_ascii_case("application/json") {
        return Err(RpcError::new(
            ErrorCode::UnsupportedMediaType,
            format!("Unsupported content-type \"{content_type}\": send application/json"),
        ));
    }
    let bytes = read_body(headers, body).await?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    String::from_utf8(bytes.to_vec())
        .map(Some)
        .map_err(|_| parse_error("the body is not UTF-8"))
}

/// The procedure `name` called as a `kind`, or that call's error.
fn resolve(name: &str, kind: Kind) -> Result<&'static Procedure, RpcError> {
    let p = procedure::find(name).ok_or_else(|| {
        RpcError::new(
            ErrorCode::NotFound,
            format!("No procedure found on path \"{name}\""),
        )
    })?;
    if p.kind != kind {
        let (got, want) = match p.kind {
            Kind::Query => ("POST", "GET"),
            Kind::Mutation => ("GET", "POST"),
        };
        return Err(RpcError::new(
            ErrorCode::MethodNotSupported,
            format!(
                "Unsupported {got} request to {} procedure at path \"{name}\": use {want}",
                kind_name(p.kind)
            ),
        ));
    }
    Ok(p)
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Query => "query",
        Kind::Mutation => "mutation",
    }
}

fn parse_error(why: impl std::fmt::Display) -> RpcError {
    RpcError::new(
        ErrorCode::ParseError,
        format!("Unable to parse the request input: {why}"),
    )
}

fn form_urlencoded_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn decode(s: &str) -> String {
    let plus = s.replace('+', " ");
    percent_encoding::percent_decode_str(&plus)
        .decode_utf8_lossy()
        .into_owned()
}

async fn read_body(headers: &HeaderMap, body: Body) -> Result<bytes::Bytes, RpcError> {
    use futures::StreamExt;
    let too_large = || {
        RpcError::new(
            ErrorCode::PayloadTooLarge,
            format!("The request body is larger than {BODY_BYTES_MAX} bytes"),
        )
        .because(ErrorReason::TooLarge)
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // A refused body is read to its end by crate::drain, so the client gets the 413.
    if declared.is_some_and(|n| n > BODY_BYTES_MAX as u64) {
        return Err(too_large());
    }
    let mut stream = body.into_data_stream();
    let mut buf = bytes::BytesMut::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| {
            // A body that stopped arriving (serve.rs's body timeout) is worth retrying: TIMEOUT,
            // which clients treat as transient, not BAD_REQUEST, which they set aside.
            let inner = e.into_inner();
            if inner.is::<tower_http::timeout::TimeoutError>() {
                RpcError::new(ErrorCode::Timeout, "The request body stopped arriving")
            } else {
                RpcError::bad_request("The request body could not be read")
            }
        })?;
        if buf.len() + chunk.len() > BODY_BYTES_MAX {
            return Err(too_large());
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

/// Splits the request input into one input per call: `{"0": …, "1": …}` when batched.
fn split_inputs(
    batched: bool,
    raw: Option<&str>,
    procedures: Vec<(String, Result<&'static Procedure, RpcError>)>,
) -> Result<Vec<Item>, RpcError> {
    if !batched {
        let input = match raw {
            Some(r) => Some(serde_json::from_str::<Box<RawValue>>(r).map_err(parse_error)?),
            None => None,
        };
        return Ok(procedures
            .into_iter()
            .map(|(name, procedure)| Item {
                name,
                procedure,
                input: input.clone(),
            })
            .collect());
    }
    let mut by_index: std::collections::HashMap<String, Box<RawValue>> = match raw {
        Some(r) => serde_json::from_str(r)
            .map_err(|e| parse_error(format!("a batch input must be an object: {e}")))?,
        None => Default::default(),
    };
    Ok(procedures
        .into_iter()
        .enumerate()
        .map(|(i, (name, procedure))| {
            let takes_input = procedure.as_ref().is_ok_and(|p| p.input.is_some());
            let input = by_index
                .remove(&i.to_string())
                .filter(|v| v.get() != "null" || takes_input);
            Item {
                name,
                procedure,
                input,
            }
        })
        .collect())
}

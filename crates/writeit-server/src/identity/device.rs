//! The device a session began on (issue 37): the sign-in's `User-Agent` ([`UserAgent`], kept
//! with the session) and what a learner recognises of it, a browser and a system ([`describe`]:
//! "Chrome" on "Linux"). Only the families of browsers people use are told apart; anything else
//! is left unnamed, for the client to call an unknown device.

use axum::extract::FromRequestParts;
use axum::http::header::USER_AGENT;
use axum::http::request::Parts;

/// The request's `User-Agent`, empty when it sent none (or not as text).
#[derive(Clone, Debug, Default)]
pub struct UserAgent(pub String);

impl<S: Send + Sync> FromRequestParts<S> for UserAgent {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ua = parts
            .headers
            .get(USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Ok(UserAgent(ua.to_string()))
    }
}

/// A device as a learner would name it; an empty field is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    pub browser: &'static str,
    pub os: &'static str,
}

/// The browser and system a User-Agent names. Order matters: Edge and Opera also say "Chrome",
/// Chrome also says "Safari", Android also says "Linux", an iPhone "like Mac OS X".
pub fn describe(ua: &str) -> Device {
    const BROWSERS: [(&str, &str); 11] = [
        ("Edg/", "Edge"),
        ("EdgA/", "Edge"),
        ("EdgiOS/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Version/", "Safari"),
    ];
    const SYSTEMS: [(&str, &str); 8] = [
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Macintosh", "macOS"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ];
    let find = |table: &[(&str, &'static str)]| {
        table
            .iter()
            .find(|(mark, _)| ua.contains(mark))
            .map(|(_, name)| *name)
            .unwrap_or("")
    };
    let mut browser = find(&BROWSERS);
    // "Chromium/" comes with "Chrome/" in Chromium's own string: Chromium it is.
    if browser == "Chrome" && ua.contains("Chromium/") {
        browser = "Chromium";
    }
    // "Version/" alone is Safari only with "Safari/" (some crawlers send "Version/" too).
    if browser == "Safari" && !ua.contains("Safari/") {
        browser = "";
    }
    Device {
        browser,
        os: find(&SYSTEMS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browsers_and_systems() {
        let rows = [
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
                "Chrome",
                "Linux",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
                "Chrome",
                "Linux",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.6099.224 Chrome/120.0.6099.224 Safari/537.36",
                "Chromium",
                "Linux",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
                "Edge",
                "Windows",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
                "Opera",
                "Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
                "Firefox",
                "macOS",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
                "Safari",
                "macOS",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari",
                "iOS",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
                "Chrome",
                "iOS",
            ),
            (
                "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
                "Firefox",
                "iPadOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
                "Chrome",
                "Android",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
                "Samsung Internet",
                "Android",
            ),
            (
                "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
                "Chrome",
                "ChromeOS",
            ),
            ("curl/8.5.0", "", ""),
            ("reqwest", "", ""),
            ("", "", ""),
            ("Version/1.0 SomeCrawler", "", ""),
        ];
        for (ua, browser, os) in rows {
            assert_eq!(describe(ua), Device { browser, os }, "{ua}");
        }
    }
}

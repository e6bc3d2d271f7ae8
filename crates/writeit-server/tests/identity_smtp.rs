//! Mail through a real SMTP server: aiosmtpd (PyPI, installed by scripts/install-aiosmtpd.sh)
//! started on a loopback port by the test, writing what it receives to a maildir.
//! Without aiosmtpd the test is skipped, unless `WRITEIT_REQUIRE_SMTP=1` (scripts/test.sh).

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::identity::*;
use serde_json::json;

/// The SMTP server process, stopped on drop.
struct Smtp(Child);
impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn python() -> Option<PathBuf> {
    let path = std::env::var_os("WRITEIT_AIOSMTPD_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/aiosmtpd-venv/bin/python")
        });
    let ok = Command::new(&path)
        .args(["-c", "import aiosmtpd"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some(path)
}

/// Undoes quoted-printable (soft line breaks and `=XX`), enough to read a link.
fn unquote(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let mut out = String::new();
    let mut chars = joined.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '=' {
            let hex: String = chars.by_ref().take(2).collect();
            match u8::from_str_radix(&hex, 16) {
                Ok(b) => out.push(b as char),
                Err(_) => {
                    out.push('=');
                    out.push_str(&hex);
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[tokio::test]
async fn reset_mail_goes_through_smtp() {
    let Some(python) = python() else {
        assert!(
            std::env::var("WRITEIT_REQUIRE_SMTP").as_deref() != Ok("1"),
            "aiosmtpd is missing: run scripts/install-aiosmtpd.sh"
        );
        eprintln!("skipped: aiosmtpd is not installed (scripts/install-aiosmtpd.sh)");
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let maildir = std::env::temp_dir().join(format!("writeit-maildir-{}", uuid::Uuid::now_v7()));
    let _dir = TempDir(maildir.clone());
    let _smtp = Smtp(
        Command::new(&python)
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .spawn()
            .expect("start aiosmtpd"),
    );
    let mut up = false;
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "aiosmtpd did not start on port {port}");

    let c = start_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_from = "WriteIt <noreply@writeit.test>".into();
    })
    .await;
    c.sign_up("mia@example.com").await;
    let (s, _) = c
        .post(
            "accounts:sendOobCode",
            json!({"requestType": "PASSWORD_RESET", "email": "mia@example.com"}),
        )
        .await;
    assert_eq!(s, 200);
    let mut mail = None;
    for _ in 0..200 {
        if let Ok(entries) = std::fs::read_dir(maildir.join("new")) {
            if let Some(e) = entries.flatten().next() {
                mail = Some(std::fs::read_to_string(e.path()).unwrap());
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mail = unquote(&mail.expect("a message reached the SMTP server"));
    assert!(mail.contains("To: mia@example.com"), "{mail}");
    assert!(
        mail.contains("From: WriteIt <noreply@writeit.test>"),
        "{mail}"
    );
    assert!(
        mail.contains("Subject: Reset your WriteIt password"),
        "{mail}"
    );
    let want = format!("{}/signin?mode=resetPassword&oobCode=", c.server.url());
    let i = mail
        .find(&want)
        .unwrap_or_else(|| panic!("no link in {mail}"));
    let code: String = mail[i + want.len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let (s, v) = c
        .post(
            "accounts:resetPassword",
            json!({"oobCode": code, "newPassword": "reset through smtp"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(c.outbox_count(), 0, "nothing went to the outbox");
    let (s, _) = c
        .sign_in_with("mia@example.com", "reset through smtp")
        .await;
    assert_eq!(s, 200);
}

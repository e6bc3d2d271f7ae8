//! Mail: SMTP through lettre when `WRITEIT_SMTP_URL` is set; otherwise every message is written as
//! an `.eml` file to the outbox folder and its link logged, so every flow works on a fresh machine.

use std::path::PathBuf;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where messages go.
pub enum Mailer {
    /// An SMTP relay (`smtp://`, `smtps://`, with `?tls=required` etc., as lettre reads them).
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    /// A folder of `.eml` files.
    Outbox { dir: PathBuf, from: Mailbox },
}

/// One message to send.
#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The link the message carries (logged in outbox mode).
    pub link: String,
}

impl Mailer {
    /// SMTP when `smtp_url` is set, else the outbox folder.
    pub fn new(smtp_url: Option<&str>, from: &str, outbox: PathBuf) -> anyhow::Result<Mailer> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| anyhow::anyhow!("WRITEIT_MAIL_FROM '{from}': {e}"))?;
        Ok(match smtp_url.filter(|u| !u.is_empty()) {
            Some(url) => Mailer::Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("WRITEIT_SMTP_URL: {e}"))?
                    .timeout(Some(std::time::Duration::from_secs(20)))
                    .build(),
                from,
            },
            None => Mailer::Outbox { dir: outbox, from },
        })
    }

    /// Sends `mail`; failures are logged (the request that asked for it has been answered).
    pub async fn send(&self, mail: Mail) {
        if let Err(e) = self.try_send(&mail).await {
            tracing::error!(error = %e, subject = %mail.subject, "cannot send mail");
        }
    }

    async fn try_send(&self, mail: &Mail) -> anyhow::Result<()> {
        let from = match self {
            Mailer::Smtp { from, .. } | Mailer::Outbox { from, .. } => from.clone(),
        };
        let message = Message::builder()
            .from(from)
            .to(mail.to.parse()?)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(match self {
                Mailer::Smtp { .. } => Body::new(mail.body.clone()),
                // In a file, the text as it is: the link stays one line anyone (or a test) can
                // copy, where quoted-printable would break it up.
                Mailer::Outbox { .. } => {
                    Body::new_with_encoding(mail.body.clone(), ContentTransferEncoding::Binary)
                        .unwrap_or_else(Body::new)
                }
            })?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport.send(message).await?;
                tracing::info!(subject = %mail.subject, "mail sent");
            }
            Mailer::Outbox { dir, .. } => {
                tokio::fs::create_dir_all(dir).await?;
                let name = format!(
                    "{}-{}.eml",
                    crate::clock::now_ms(),
                    uuid::Uuid::now_v7().simple()
                );
                let path = dir.join(name);
                tokio::fs::write(&path, message.formatted()).await?;
                tracing::info!(path = %path.display(), link = %mail.link, "mail written to the outbox");
            }
        }
        Ok(())
    }
}

//! `writeit users list | grant | revoke | disable`: roles and access, run against the database
//! directly (the first admin is made this way, after signing up).

use writeit_store::{Account, Role, Store};

/// What the `users` subcommand can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsersCommand {
    /// Every account with its role.
    List,
    /// Make the account an admin.
    GrantAdmin { email: String },
    /// Make the account an editor of these languages (added to those it has).
    GrantEditor {
        email: String,
        languages: Vec<String>,
    },
    /// Back to a plain user.
    Revoke { email: String },
    /// Disable (or with `enable`, enable again) the account.
    Disable { email: String, enable: bool },
}

fn line(a: &Account) -> String {
    let role = match a.role {
        Role::Editor => format!("editor {}", a.editor_languages.join(",")),
        r => r.as_str().to_string(),
    };
    format!(
        "{:<40} {:<24} {:<32} {}{}",
        a.email,
        role,
        a.id,
        if a.email_verified {
            "verified"
        } else {
            "unverified"
        },
        if a.disabled { " DISABLED" } else { "" }
    )
}

async fn find(store: &dyn Store, email: &str) -> anyhow::Result<Account> {
    // Normalised as sign-up stores it (NFKC, lower case, one IDNA spelling), so a fullwidth or
    // upper-case spelling typed here finds the account.
    let email = super::wire::email(Some(email), "MISSING_EMAIL", "INVALID_EMAIL").map_err(|e| {
        anyhow::anyhow!(
            "'{}' is not an email address the app accepts ({})",
            email.trim(),
            e.message
        )
    })?;
    store.account_by_email(&email).await?.ok_or_else(|| {
        anyhow::anyhow!("no account has the email {email} (sign up in the app first)")
    })
}

fn check_language(code: &str) -> anyhow::Result<()> {
    let ok = !code.is_empty()
        && code.len() <= 16
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if ok {
        Ok(())
    } else {
        anyhow::bail!("'{code}' is not a language code (e.g. ko, ja, zh-Hans)")
    }
}

/// Runs one command; answers what to print.
pub async fn run(store: &dyn Store, command: UsersCommand) -> anyhow::Result<String> {
    match command {
        UsersCommand::List => {
            let accounts = store.accounts().await?;
            if accounts.is_empty() {
                return Ok("no accounts yet".into());
            }
            Ok(accounts.iter().map(line).collect::<Vec<_>>().join("\n"))
        }
        UsersCommand::GrantAdmin { email } => {
            let a = find(store, &email).await?;
            store.set_access(&a.email, Role::Admin, &[]).await?;
            Ok(format!("{} is now an admin", a.email))
        }
        UsersCommand::GrantEditor { email, languages } => {
            if languages.is_empty() {
                anyhow::bail!("name the languages: writeit users grant EMAIL editor ko ja");
            }
            for l in &languages {
                check_language(l)?;
            }
            let a = find(store, &email).await?;
            if a.role == Role::Admin {
                anyhow::bail!("{} is an admin (all languages); revoke first", a.email);
            }
            let mut all = if a.role == Role::Editor {
                a.editor_languages.clone()
            } else {
                Vec::new()
            };
            for l in languages {
                if !all.contains(&l) {
                    all.push(l);
                }
            }
            store.set_access(&a.email, Role::Editor, &all).await?;
            Ok(format!(
                "{} is now an editor of {}",
                a.email,
                all.join(", ")
            ))
        }
        UsersCommand::Revoke { email } => {
            let a = find(store, &email).await?;
            store.set_access(&a.email, Role::User, &[]).await?;
            Ok(format!("{} is now a plain user", a.email))
        }
        UsersCommand::Disable { email, enable } => {
            let a = find(store, &email).await?;
            store.set_disabled(&a.email, !enable).await?;
            Ok(if enable {
                format!("{} is enabled", a.email)
            } else {
                format!(
                    "{} is disabled: its tokens are refused within seconds",
                    a.email
                )
            })
        }
    }
}

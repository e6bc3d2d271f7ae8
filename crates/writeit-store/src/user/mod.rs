//! Accounts as the store keeps them (the identity service extends them).

/// What a user may curate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    User,
    Editor,
    Admin,
}

impl Role {
    /// Stored spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Editor => "editor",
            Role::Admin => "admin",
        }
    }
    /// Parses the stored spelling.
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "user" => Some(Role::User),
            "editor" => Some(Role::Editor),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// A row of `users`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub email: String,
    pub role: Role,
    /// Languages an editor curates.
    pub editor_languages: Vec<String>,
    pub disabled: bool,
}

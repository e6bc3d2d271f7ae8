//! The caller of a procedure, as the server trusts it after checking the ID token.

use writeit_store::Role;

/// A guest, or a signed-in user with a role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caller {
    /// No token (or an empty one): public data only.
    Guest,
    /// A signed-in account.
    User {
        id: String,
        role: Role,
        /// Languages an editor curates (empty for users and admins).
        languages: Vec<String>,
    },
}

impl Caller {
    /// The user id, if signed in.
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Caller::Guest => None,
            Caller::User { id, .. } => Some(id),
        }
    }

    /// Whether the caller may save public content of `language`.
    pub fn may_curate(&self, language: &str) -> bool {
        match self {
            Caller::Guest => false,
            Caller::User {
                role: Role::Admin, ..
            } => true,
            Caller::User {
                role: Role::Editor,
                languages,
                ..
            } => languages.iter().any(|l| l == language),
            Caller::User {
                role: Role::User, ..
            } => false,
        }
    }

    /// Whether the caller curates any language at all.
    pub fn is_curator(&self) -> bool {
        match self {
            Caller::User {
                role: Role::Admin, ..
            } => true,
            Caller::User {
                role: Role::Editor,
                languages,
                ..
            } => !languages.is_empty(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curation_follows_role_and_languages() {
        let editor = Caller::User {
            id: "e".into(),
            role: Role::Editor,
            languages: vec!["ko".into()],
        };
        assert!(editor.may_curate("ko") && !editor.may_curate("ja") && editor.is_curator());
        let admin = Caller::User {
            id: "a".into(),
            role: Role::Admin,
            languages: vec![],
        };
        assert!(admin.may_curate("ja"));
        let user = Caller::User {
            id: "u".into(),
            role: Role::User,
            languages: vec!["ko".into()],
        };
        assert!(!user.may_curate("ko") && !user.is_curator());
        assert!(!Caller::Guest.may_curate("ko"));
    }
}

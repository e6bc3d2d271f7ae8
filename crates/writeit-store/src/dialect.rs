//! The two databases as one type parameter. [`Dialect`] is the only bound generic store code
//! needs: it names the statements each database spells its own way (kept beside their nouns as
//! `*.sqlite.sql` and `*.postgres.sql`) and gathers, as supertraits the compiler carries to every
//! user, the sqlx capabilities the store relies on: running a statement on a connection or a
//! pool, binding the Rust types it binds, reading its rows ([`crate::rows::Row`]) and counting
//! what a statement changed.
//!
//! Binding goes through [`Bind::arg`], not sqlx's `bind`: a trait's where-clauses on other types
//! (`i64: Encode<D>`) do not reach its users, its supertraits do, so each bound type is one
//! `Binds` supertrait here and every generic function says `D: Dialect` and nothing more. The
//! helper traits have one blanket impl each; a database only supplies its statements.

use sqlx::query::Query;
use sqlx::{Database, Encode, Executor, IntoArguments, Pool, Postgres, Sqlite, Type};

/// A query of database `D` with its arguments.
pub(crate) type Statement<'q, D> = Query<'q, D, <D as Database>::Arguments<'q>>;

/// A database the store runs on.
pub(crate) trait Dialect:
    Database<Connection: Conn<Self>, Row: crate::rows::Row, QueryResult: Affected>
    + Pools
    + for<'q> Args<'q>
    + for<'q> Binds<'q, &'q str>
    + for<'q> Binds<'q, &'q String>
    + for<'q> Binds<'q, &'q Option<String>>
    + for<'q> Binds<'q, &'q Vec<u8>>
    + for<'q> Binds<'q, String>
    + for<'q> Binds<'q, i64>
    + for<'q> Binds<'q, Option<i64>>
    + for<'q> Binds<'q, f64>
    + for<'q> Binds<'q, Option<f64>>
    + for<'q> Binds<'q, bool>
{
    /// Takes the next sync-clock stamp (`clock/next.*.sql`).
    const CLOCK_NEXT: &'static str;
    /// The public sync pages, built as JSON (`<noun>/page_json.*.sql`).
    const LANGUAGES_PAGE_JSON: &'static str;
    const DECKS_PAGE_JSON: &'static str;
    const ENTRIES_PAGE_JSON: &'static str;
    const CHARACTERS_PAGE_JSON: &'static str;
    /// The entries a deck lists, in its order (`deck/entries.*.sql`).
    const DECK_ENTRIES: &'static str;
    /// (id, language, deleted) of the entries a JSON array of ids names (`entry/states.*.sql`).
    const ENTRY_STATES: &'static str;

    /// A statement of this database.
    fn query(sql: &str) -> Statement<'_, Self> {
        sqlx::query(sql)
    }
}

/// A database whose pools run statements.
pub(crate) trait Pools: Database {
    fn pool(pool: &Pool<Self>) -> impl Executor<'_, Database = Self>;
}

impl<D: Database> Pools for D
where
    for<'c> &'c mut D::Connection: Executor<'c, Database = D>,
{
    fn pool(pool: &Pool<Self>) -> impl Executor<'_, Database = Self> {
        pool
    }
}

/// A connection (or the transaction on it, by deref) as an executor.
pub(crate) trait Conn<D: Database>: Send {
    fn ex(&mut self) -> impl Executor<'_, Database = D>;
}

impl<D: Database, C: Send> Conn<D> for C
where
    for<'c> &'c mut C: Executor<'c, Database = D>,
{
    fn ex(&mut self) -> impl Executor<'_, Database = D> {
        self
    }
}

/// What a statement changed. sqlx has `rows_affected` on each database's result, not on a trait.
pub(crate) trait Affected {
    fn rows_affected(&self) -> u64;
}

impl Affected for sqlx::sqlite::SqliteQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

impl Affected for sqlx::postgres::PgQueryResult {
    fn rows_affected(&self) -> u64 {
        self.rows_affected()
    }
}

/// A database whose argument lists can be run.
pub(crate) trait Args<'q>: Database<Arguments<'q>: IntoArguments<'q, Self>> {}

impl<'q, D: Database> Args<'q> for D where D::Arguments<'q>: IntoArguments<'q, D> {}

/// A database that binds `T` to a statement living `'q`.
pub(crate) trait Binds<'q, T>: Database {
    fn bind(q: Statement<'q, Self>, value: T) -> Statement<'q, Self>;
}

impl<'q, D: Database, T> Binds<'q, T> for D
where
    T: Encode<'q, D> + Type<D> + Send + 'q,
{
    fn bind(q: Statement<'q, Self>, value: T) -> Statement<'q, Self> {
        q.bind(value)
    }
}

/// `arg`: sqlx's `bind` for generic code.
pub(crate) trait Bind<'q, D: Database> {
    fn arg<T>(self, value: T) -> Self
    where
        D: Binds<'q, T>;
}

impl<'q, D: Database> Bind<'q, D> for Statement<'q, D> {
    fn arg<T>(self, value: T) -> Self
    where
        D: Binds<'q, T>,
    {
        D::bind(self, value)
    }
}

impl Dialect for Sqlite {
    const CLOCK_NEXT: &'static str = include_str!("clock/next.sqlite.sql");
    const LANGUAGES_PAGE_JSON: &'static str = include_str!("language/page_json.sqlite.sql");
    const DECKS_PAGE_JSON: &'static str = include_str!("deck/page_json.sqlite.sql");
    const ENTRIES_PAGE_JSON: &'static str = include_str!("entry/page_json.sqlite.sql");
    const CHARACTERS_PAGE_JSON: &'static str = include_str!("character/page_json.sqlite.sql");
    const DECK_ENTRIES: &'static str = include_str!("deck/entries.sqlite.sql");
    const ENTRY_STATES: &'static str = include_str!("entry/states.sqlite.sql");
}

impl Dialect for Postgres {
    const CLOCK_NEXT: &'static str = include_str!("clock/next.postgres.sql");
    const LANGUAGES_PAGE_JSON: &'static str = include_str!("language/page_json.postgres.sql");
    const DECKS_PAGE_JSON: &'static str = include_str!("deck/page_json.postgres.sql");
    const ENTRIES_PAGE_JSON: &'static str = include_str!("entry/page_json.postgres.sql");
    const CHARACTERS_PAGE_JSON: &'static str = include_str!("character/page_json.postgres.sql");
    const DECK_ENTRIES: &'static str = include_str!("deck/entries.postgres.sql");
    const ENTRY_STATES: &'static str = include_str!("entry/states.postgres.sql");
}

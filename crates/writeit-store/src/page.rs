//! Sync pages: rows stamped in (`page.offset`, `page.until`], ordered by (updatedAt, id), from the
//! cursor on. Every page statement takes the same arguments, so each noun only names its SQL:
//! public pages `$1` offset, `$2`/`$3` cursor, `$4` limit, `$5` until, `$6` the languages as a
//! JSON array (NULL: all); user pages `$1` user, `$2` offset, `$3`/`$4` cursor, `$5` limit,
//! `$6` until.

use sqlx::Executor;
use writeit_core::paging::PageInput;

use crate::dialect::{Bind, Dialect};
use crate::rows::Row;
use crate::Result;

/// A public page as the JSON array the API answers, built by the database: no per-row work here,
/// which is most of a full sync's cost. `of_languages`: the table's rows have a language, and its
/// statement takes `$6`.
pub(crate) async fn public_json<'c, D: Dialect>(
    ex: impl Executor<'c, Database = D>,
    sql: &'static str,
    page: &PageInput,
    of_languages: bool,
) -> Result<String> {
    let (ts, id) = page.start();
    let languages = page.languages_json();
    let mut query = D::query(sql)
        .arg(page.offset)
        .arg(ts)
        .arg(id)
        .arg(i64::from(page.limit()))
        .arg(page.until());
    if of_languages {
        query = query.arg(&languages);
    }
    let json = query.fetch_one(ex).await?.opt_text(0)?;
    Ok(json.unwrap_or_else(|| "[]".into()))
}

/// A page of one user's rows, each read by `map`.
pub(crate) async fn of_user<'c, D: Dialect, T>(
    ex: impl Executor<'c, Database = D>,
    sql: &'static str,
    user: &str,
    page: &PageInput,
    map: fn(&D::Row) -> Result<T>,
) -> Result<Vec<T>> {
    let (ts, id) = page.start();
    let rows = D::query(sql)
        .arg(user)
        .arg(page.offset)
        .arg(ts)
        .arg(id)
        .arg(i64::from(page.limit()))
        .arg(page.until())
        .fetch_all(ex)
        .await?;
    rows.iter().map(map).collect()
}

//! The keys folder on disk (`--keys-dir`, default `DATA_DIR/keys`), shared by every instance
//! serving one database: which files are ID-token keys, making one safely while other instances
//! may be making or reading the same file, and the `writeit keys` commands (rotate, retire).
//!
//! ID-token keys are PKCS#8 Ed25519 documents named `id-token-ed25519.pk8` (the first key, made on
//! first start; its name predates rotation) or `id-token-ed25519-<unix seconds>.pk8` (made by
//! `writeit keys rotate`). The time in the name, not the file's mtime (which a copy changes),
//! orders the keys, so every instance reading the folder picks the same newest key to sign with,
//! and says when it may start signing ([`signs_from`]).

use std::path::{Path, PathBuf};

use ring::rand::SystemRandom;
use ring::signature::Ed25519KeyPair;

/// The first key's file name.
pub const FIRST_KEY_FILE: &str = "id-token-ed25519.pk8";
const PREFIX: &str = "id-token-ed25519-";
const SUFFIX: &str = ".pk8";

/// Seconds a new key waits before it signs: every instance reads the folder again within a minute
/// ([`super::keys::REREAD_EVERY`]), so all of them know the key before any token names it, even
/// where a shared folder shows new files late (NFS caches directory listings for up to a minute).
pub const SIGNS_AFTER_SECS: i64 = 120;

/// When a key made at `created` starts signing (the first key, made at 0: always).
pub fn signs_from(created: i64) -> i64 {
    if created == 0 {
        0
    } else {
        created + SIGNS_AFTER_SECS
    }
}

/// One ID-token key file as read: its name, the time in its name (0 for the first key) and bytes.
pub struct KeyFile {
    pub name: String,
    pub created: i64,
    pub pkcs8: Vec<u8>,
}

/// The time a key file's name holds, or `None` when the name is no ID-token key's.
fn created(name: &str) -> Option<i64> {
    if name == FIRST_KEY_FILE {
        return Some(0);
    }
    let digits = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Every ID-token key file of `dir`, oldest first (none when the folder does not exist).
pub fn read(dir: &Path) -> anyhow::Result<Vec<KeyFile>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => anyhow::bail!("cannot read the keys folder {}: {e}", dir.display()),
    };
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry?;
        let Some((name, created)) = entry
            .file_name()
            .to_str()
            .and_then(|n| Some((n.to_string(), created(n)?)))
        else {
            continue;
        };
        let pkcs8 = std::fs::read(entry.path())
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", entry.path().display()))?;
        files.push(KeyFile {
            name,
            created,
            pkcs8,
        });
    }
    files.sort_by(|a, b| (a.created, &a.name).cmp(&(b.created, &b.name)));
    Ok(files)
}

/// A new Ed25519 key as a PKCS#8 document.
pub fn generate() -> anyhow::Result<Vec<u8>> {
    Ed25519KeyPair::generate_pkcs8(&SystemRandom::new())
        .map(|doc| doc.as_ref().to_vec())
        .map_err(|_| anyhow::anyhow!("cannot generate a signing key"))
}

/// Makes the first key when `dir` holds no ID-token key. Several instances starting at once over
/// one empty folder end with the same single key: the file appears whole or not at all.
pub fn create_first(dir: &Path) -> anyhow::Result<()> {
    if !read(dir)?.is_empty() {
        return Ok(());
    }
    let path = dir.join(FIRST_KEY_FILE);
    match write_private(&path, &generate()?) {
        Ok(()) => {
            tracing::info!(path = %path.display(), "generated a new ID-token signing key");
            Ok(())
        }
        Err(e) if is_exists(&e) => Ok(()),
        Err(e) => Err(e.context(format!("cannot write {}", path.display()))),
    }
}

/// `writeit keys rotate`: a new key named for `now_secs`, which every instance verifies once it
/// reads the folder again (within a minute, or at once when shown a token of it) and signs with
/// from [`signs_from`]; the older keys still verify. Answers the new file's name.
pub fn rotate(dir: &Path, now_secs: i64) -> anyhow::Result<String> {
    if let Some(newest) = read(dir)?.last() {
        anyhow::ensure!(
            newest.created < now_secs,
            "{} is not older than now ({now_secs}): wait a second, or check the clock",
            newest.name
        );
    }
    let name = format!("{PREFIX}{now_secs}{SUFFIX}");
    let path = dir.join(&name);
    write_private(&path, &generate()?)
        .map_err(|e| e.context(format!("cannot write {}", path.display())))?;
    Ok(name)
}

/// `writeit keys retire`: deletes every key that stopped signing (a newer key began to) at least
/// `after_secs` before `now_secs`, when no token it signed can still be valid. The newest key is
/// never deleted. Answers the names deleted.
pub fn retire(dir: &Path, now_secs: i64, after_secs: i64) -> anyhow::Result<Vec<String>> {
    let files = read(dir)?;
    let mut retired = Vec::new();
    for pair in files.windows(2) {
        let (old, successor) = (&pair[0], &pair[1]);
        if signs_from(successor.created) + after_secs <= now_secs {
            let path = dir.join(&old.name);
            std::fs::remove_file(&path)
                .map_err(|e| anyhow::anyhow!("cannot delete {}: {e}", path.display()))?;
            retired.push(old.name.clone());
        }
    }
    Ok(retired)
}

/// Whether an error of [`write_private`] says the file already exists.
pub(crate) fn is_exists(e: &anyhow::Error) -> bool {
    e.downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::AlreadyExists)
}

/// Writes a new private file (mode 0600 on Unix), failing with `AlreadyExists` if it exists. The
/// bytes go to a temporary file first, hard-linked into place: a reader (another instance) sees
/// the whole file or none.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("key");
    let temp: PathBuf = dir.join(format!(".{name}.{}.tmp", uuid::Uuid::now_v7().simple()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&temp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let linked = written.and_then(|()| std::fs::hard_link(&temp, path));
    let _ = std::fs::remove_file(&temp);
    linked?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir() -> PathBuf {
        std::env::temp_dir().join(format!("writeit-keys-{}", uuid::Uuid::now_v7()))
    }

    #[test]
    fn names() {
        assert_eq!(created("id-token-ed25519.pk8"), Some(0));
        assert_eq!(
            created("id-token-ed25519-1795000000.pk8"),
            Some(1_795_000_000)
        );
        for other in [
            "totp-secrets.key",
            "id-token-ed25519-.pk8",
            "id-token-ed25519-12x.pk8",
            ".id-token-ed25519.pk8.0190.tmp",
            "id-token-ed25519-17.pk8.bak",
        ] {
            assert_eq!(created(other), None, "{other}");
        }
    }

    #[test]
    fn rotate_and_retire() {
        let dir = temp_dir();
        create_first(&dir).unwrap();
        create_first(&dir).unwrap();
        assert_eq!(read(&dir).unwrap().len(), 1, "made once");
        let second = rotate(&dir, 1_000).unwrap();
        assert!(rotate(&dir, 1_000).is_err(), "one key per second");
        let third = rotate(&dir, 2_000).unwrap();
        let names = |dir: &Path| -> Vec<String> {
            read(dir).unwrap().into_iter().map(|f| f.name).collect()
        };
        assert_eq!(names(&dir), [FIRST_KEY_FILE, &second, &third]);
        // The first key stopped signing when the second began, the second when the third did.
        let stop = signs_from(1_000);
        assert!(retire(&dir, stop + 499, 500).unwrap().is_empty());
        assert_eq!(retire(&dir, stop + 500, 500).unwrap(), [FIRST_KEY_FILE]);
        assert_eq!(retire(&dir, 9_999, 500).unwrap(), [second]);
        assert_eq!(names(&dir), [third], "the newest stays");
        assert!(retire(&dir, 99_999, 500).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn instances_starting_at_once_make_one_first_key() {
        let dir = temp_dir();
        let made: Vec<Vec<u8>> = std::thread::scope(|s| {
            let racers: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        create_first(&dir).unwrap();
                        read(&dir).unwrap().remove(0).pkcs8
                    })
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(read(&dir).unwrap().len(), 1);
        assert!(
            made.iter().all(|k| k == &made[0]),
            "every one reads the same key"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_private_file_is_written_once_and_whole() {
        let dir = temp_dir();
        let path = dir.join("k");
        write_private(&path, b"one").unwrap();
        let again = write_private(&path, b"two").unwrap_err();
        assert!(is_exists(&again), "{again}");
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

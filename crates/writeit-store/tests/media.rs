//! Media on every database (issue 36): the per-account quota (a file counted once per uploader,
//! refused past bytes or files, nothing stored then), and the collector of files no entry
//! references: nothing within the grace period, never a file an entry (or its tombstone) names,
//! and two collectors at once (two instances over one PostgreSQL) remove each file once.

#[macro_use]
mod common;

use common::*;
use writeit_store::{Media, MediaQuota, SharedStore, StoreError, Uploader};

stories! {
    story_media_quota => sqlite_media_quota, postgres_media_quota;
    story_media_collector => sqlite_media_collector, postgres_media_collector;
}

/// A file of `size` bytes whose id is its own (any 64 hex digits do for the store).
fn file(n: u8, size: usize) -> Media {
    Media {
        id: format!("{n:02x}").repeat(32),
        content_type: "audio/mpeg".into(),
        bytes: vec![n; size],
    }
}

fn url(m: &Media) -> String {
    format!("/media/{}.mp3", m.id)
}

async fn story_media_quota(store: SharedStore) {
    let quota = MediaQuota {
        bytes: 100,
        files: 2,
    };
    let ann = Uploader {
        user_id: "ann".into(),
        quota: Some(quota),
    };
    let (a, b, c) = (file(1, 60), file(2, 60), file(3, 10));
    store.save_media(&a, &ann).await.unwrap();
    // The same file again counts once.
    store.save_media(&a, &ann).await.unwrap();
    let too_large = |r: writeit_store::Result<()>| match r {
        Err(StoreError::TooLarge { field, message }) => {
            assert_eq!(field, "file");
            message
        }
        other => panic!("expected TooLarge, got {other:?}"),
    };
    let said = too_large(store.save_media(&b, &ann).await);
    assert!(said.contains("limit of 0 MiB and 2 files"), "{said}");
    assert!(store.media(&b.id).await.unwrap().is_none());
    store.save_media(&c, &ann).await.unwrap();
    let said = too_large(store.save_media(&file(4, 1), &ann).await);
    assert!(said.contains("3 files"), "{said}");
    // Another account has its own quota, even for a file ann stored; the operator has none.
    let bob = Uploader {
        user_id: "bob".into(),
        quota: Some(quota),
    };
    store.save_media(&a, &bob).await.unwrap();
    store
        .save_media(&file(5, 1000), &Uploader::operator())
        .await
        .unwrap();
}

async fn story_media_collector(store: SharedStore) {
    seed_languages(&store).await;
    let ann = Uploader {
        user_id: "ann".into(),
        quota: Some(MediaQuota {
            bytes: 1000,
            files: 3,
        }),
    };
    let (named, unnamed, tombstone) = (file(1, 10), file(2, 10), file(3, 10));
    for m in [&named, &unnamed, &tombstone] {
        store.save_media(m, &ann).await.unwrap();
    }
    EntryAdder::new("ko").audio(&url(&named)).add(&store).await;
    let gone = EntryAdder::new("ko")
        .audio(&url(&tombstone))
        .add(&store)
        .await;
    EntryAdder::from(&gone).deleted().add(&store).await;

    // Within the grace period (a day here): nothing goes, not even the file no entry names,
    // which a save in flight may be about to name.
    let day = 24 * 3600 * 1000;
    assert!(store
        .collect_media(now_ms() - day, 100)
        .await
        .unwrap()
        .is_empty());
    // After it: only the file no entry names, and ann's quota has room again.
    let later = now_ms() + day;
    let removed = store.collect_media(later - day + 1000, 100).await.unwrap();
    assert_eq!(removed, [unnamed.id.as_str()]);
    assert!(store.media(&unnamed.id).await.unwrap().is_none());
    for kept in [&named, &tombstone] {
        assert!(store.media(&kept.id).await.unwrap().is_some());
    }
    store.save_media(&file(4, 10), &ann).await.unwrap();

    // Named again meanwhile: kept. Unnamed, by two collectors at once: removed once.
    let again = file(5, 10);
    store
        .save_media(&again, &Uploader::operator())
        .await
        .unwrap();
    EntryAdder::new("ko").audio(&url(&again)).add(&store).await;
    let (first, second) = tokio::join!(
        store.collect_media(later, 100),
        store.collect_media(later, 100)
    );
    let mut removed = [first.unwrap(), second.unwrap()].concat();
    removed.sort();
    assert_eq!(removed, [file(4, 10).id]);
    assert!(store.media(&again.id).await.unwrap().is_some());
}

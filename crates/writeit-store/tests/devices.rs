//! Three devices of one learner (issue 24's fault tests): each holds the same offline reviews
//! (some taken back) and pushes them at once, in its own random order, with duplicates and
//! retries, as a flaky network makes an outbox do. Every review is stored once, every tombstone
//! holds, and every card equals the rebuild of its live reviews, on SQLite and PostgreSQL.

mod common;

use common::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use writeit_core::card::rebuild;
use writeit_core::entity::*;
use writeit_core::fsrs::DEFAULT_WEIGHTS;
use writeit_store::SharedStore;

const CARDS: usize = 6;
const REVIEWS_PER_CARD: usize = 5;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_three_devices_push_the_same_reviews() {
    common::run(Db::Sqlite, story).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_three_devices_push_the_same_reviews() {
    common::run(Db::Postgres, story).await;
}

async fn story(store: SharedStore) {
    seed_languages(&store).await;
    let entries = store
        .save_entries(
            (0..CARDS / 2)
                .map(|_| EntryAdder::new("ko").build())
                .collect(),
            &anyone,
        )
        .await
        .unwrap();
    let user = new_id();
    // The reviews of six cards (two kinds of three entries), a minute apart; one in seven taken
    // back (its tombstone is pushed after it, as the outbox queues it).
    let t0 = now_ms() - 86_400_000;
    let mut reviews = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        for kind in [CardKind::Meaning, CardKind::Reading] {
            for r in 0..REVIEWS_PER_CARD {
                let at = t0 + ((i * 2 * REVIEWS_PER_CARD + r) as i64) * 60_000;
                reviews.push(
                    ReviewAdder::new(&entry.id, kind)
                        .rating((r % 4 + 1) as u8)
                        .at(at)
                        .build(),
                );
            }
        }
    }
    let taken_back: Vec<UserReview> = reviews
        .iter()
        .step_by(7)
        .map(|r| UserReview {
            deleted: true,
            ..r.clone()
        })
        .collect();

    let devices = (0..3u64).map(|d| {
        let store = store.clone();
        let user = user.clone();
        let reviews = reviews.clone();
        let taken_back = taken_back.clone();
        tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(240 + d);
            // Each device's outbox: its answers in its own order, each tombstone after its
            // answer; then a flaky network: some sends repeated, the queue retried from a
            // random point.
            let mut queue = reviews.clone();
            queue.shuffle(&mut rng);
            for t in &taken_back {
                let at = queue.iter().position(|r| r.id == t.id).unwrap();
                let later = rng.gen_range(at + 1..=queue.len());
                queue.insert(later, t.clone());
            }
            let retry_from = rng.gen_range(0..queue.len());
            let sends: Vec<UserReview> = queue
                .iter()
                .cloned()
                .chain(queue[retry_from..].iter().cloned())
                .collect();
            for review in sends {
                let times = if rng.gen_bool(0.2) { 2 } else { 1 };
                for _ in 0..times {
                    // A tombstone pushed by another device first makes a late answer a no-op:
                    // both are acknowledged, neither is refused.
                    store.save_user_review(&user, &review).await.unwrap();
                }
            }
        })
    });
    for device in devices.collect::<Vec<_>>() {
        device.await.unwrap();
    }

    let stored = store.query_user_reviews(&user, &since(0)).await.unwrap();
    assert_eq!(stored.len(), reviews.len(), "every review stored once");
    let gone: Vec<&str> = taken_back.iter().map(|r| r.id.as_str()).collect();
    for r in &stored {
        assert_eq!(r.deleted, gone.contains(&r.id.as_str()), "review {}", r.id);
    }
    let cards = store.query_user_cards(&user, &since(0)).await.unwrap();
    assert_eq!(cards.len(), CARDS);
    for card in cards {
        let live: Vec<UserReview> = stored
            .iter()
            .filter(|r| r.card_id == card.id && !r.deleted)
            .cloned()
            .collect();
        let expected = rebuild(&DEFAULT_WEIGHTS, live).expect("every card keeps live reviews");
        assert_eq!(
            UserCard {
                updated_at: 0,
                ..card
            },
            expected
        );
    }
}

//! A generated catalogue for benchmarks: many entries, decks and characters in one language, made
//! deterministically so runs compare.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use writeit_core::entity::{Character, Deck, Entry, Example, Stroke};
use writeit_store::Store;

/// How much to make.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    pub entries: usize,
    pub decks: usize,
    pub characters: usize,
}

/// Rows per write transaction.
const BATCH: usize = 1_000;

fn uuid(rng: &mut StdRng) -> String {
    uuid::Builder::from_random_bytes(rng.gen())
        .into_uuid()
        .to_string()
}

fn hangul(rng: &mut StdRng, syllables: usize) -> String {
    (0..syllables)
        .map(|_| char::from_u32(0xAC00 + rng.gen_range(0..11_172)).unwrap_or('가'))
        .collect()
}

fn word(rng: &mut StdRng) -> String {
    const WORDS: [&str; 12] = [
        "house", "water", "bright", "to go", "river", "small", "teacher", "morning", "to eat",
        "red", "book", "friend",
    ];
    WORDS[rng.gen_range(0..WORDS.len())].to_string()
}

/// Writes the catalogue into language `ko`; answers the number of rows written.
pub async fn generate(
    store: &dyn Store,
    size: Size,
    mut progress: impl FnMut(&str, usize, usize),
) -> anyhow::Result<usize> {
    let mut rng = StdRng::seed_from_u64(20_261_121);
    let admin = |_: &str| true;
    let mut entry_ids = Vec::with_capacity(size.entries);
    let mut done = 0;
    while done < size.entries {
        let n = BATCH.min(size.entries - done);
        let batch: Vec<Entry> = (0..n)
            .map(|_| {
                let len = rng.gen_range(1..=4);
                let text = hangul(&mut rng, len);
                Entry {
                    id: uuid(&mut rng),
                    language_code: "ko".into(),
                    reading: format!("reading of {text}"),
                    meanings: (0..rng.gen_range(1..=3)).map(|_| word(&mut rng)).collect(),
                    notes: String::new(),
                    examples: vec![Example {
                        text: format!("{text} {}", hangul(&mut rng, 3)),
                        translation: word(&mut rng),
                    }],
                    text,
                    audio_url: None,
                    updated_at: 0,
                    deleted: false,
                }
            })
            .collect();
        entry_ids.extend(batch.iter().map(|e| e.id.clone()));
        store.save_entries(batch, &admin).await?;
        done += n;
        progress("entries", done, size.entries);
    }
    let per_deck = size.entries.checked_div(size.decks).unwrap_or(0).max(1);
    let decks: Vec<Deck> = (0..size.decks)
        .map(|i| Deck {
            id: uuid(&mut rng),
            language_code: "ko".into(),
            title: format!("Generated deck {}", i + 1),
            description: "Benchmark catalogue".into(),
            entry_ids: entry_ids
                .iter()
                .skip(i * per_deck)
                .take(per_deck)
                .cloned()
                .collect(),
            position: i as i32,
            updated_at: 0,
            deleted: false,
            source: None,
        })
        .collect();
    for chunk in decks.chunks(BATCH) {
        store.save_decks(chunk.to_vec(), &admin).await?;
    }
    progress("decks", size.decks, size.decks);
    let mut done_chars = 0;
    while done_chars < size.characters {
        let n = BATCH.min(size.characters - done_chars);
        let batch: Vec<Character> = (0..n)
            .map(|i| {
                let strokes = (0..rng.gen_range(3..=12))
                    .map(|_| {
                        let median: Vec<[i32; 2]> = (0..rng.gen_range(2..=8))
                            .map(|_| [rng.gen_range(0..=1024), rng.gen_range(0..=1024)])
                            .collect();
                        let path = median
                            .iter()
                            .enumerate()
                            .map(|(j, [x, y])| format!("{}{x} {y}", if j == 0 { "M" } else { "L" }))
                            .collect::<Vec<_>>()
                            .join(" ")
                            + " Z";
                        Stroke { path, median }
                    })
                    .collect();
                Character {
                    id: uuid(&mut rng),
                    language_code: "ko".into(),
                    value: char::from_u32(0x4E00 + ((done_chars + i) as u32 % 20_000))
                        .unwrap_or('一')
                        .to_string(),
                    strokes,
                    source: "Generated for benchmarks".into(),
                    updated_at: 0,
                    leniency: 1.0,
                    alternatives: vec![],
                    deleted: false,
                }
            })
            .collect();
        store.save_characters(batch, &admin).await?;
        done_chars += n;
        progress("characters", done_chars, size.characters);
    }
    Ok(size.entries + size.decks + size.characters)
}

//! Media test data: a small real WAV file, and the starter entry a recording is attached to.

#![allow(dead_code)]

use writeit_core::entity::Entry;
use writeit_core::paging::PageInput;
use writeit_store::Store;

/// A small but real WAV file: a header and `samples` 8-bit samples of silence.
pub fn wav(samples: u32) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + samples).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&8000u32.to_le_bytes());
    b.extend_from_slice(&8000u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&8u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&samples.to_le_bytes());
    b.extend(std::iter::repeat_n(128u8, samples as usize));
    b
}

/// A Korean entry of the starter content.
pub async fn korean_entry(store: &dyn Store) -> Entry {
    store
        .query_entries(&PageInput {
            offset: 0,
            after: None,
            limit: None,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.language_code == "ko")
        .expect("a Korean starter entry")
}

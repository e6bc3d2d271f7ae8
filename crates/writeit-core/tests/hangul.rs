//! Composition of syllable blocks from the authored jamo: stroke counts, order, and golden medians
//! for syllables of each layout (vertical, horizontal and combined vowel; with and without a
//! final). A change to the jamo or the slots shows up here first; if it is intended, update the
//! numbers and regenerate the vectors (`writeit characters build`).

use writeit_core::entity::Stroke;
use writeit_core::hangul::{compose, decompose, jamo};

fn composed(c: char) -> Vec<Stroke> {
    let table: Vec<(char, Vec<Stroke>)> = jamo::all()
        .map(|j| (j, jamo::strokes_of(j).unwrap()))
        .collect();
    compose(c, |j| {
        table
            .iter()
            .find(|(k, _)| *k == j)
            .map(|(_, s)| s.as_slice())
    })
    .unwrap()
}

fn medians(c: char) -> Vec<Vec<[i32; 2]>> {
    composed(c).into_iter().map(|s| s.median).collect()
}

fn ends(c: char) -> Vec<([i32; 2], [i32; 2])> {
    medians(c)
        .into_iter()
        .map(|m| (m[0], *m.last().unwrap()))
        .collect()
}

#[test]
fn han_is_hieut_a_nieun_in_six_strokes() {
    let strokes = composed('한');
    assert_eq!(strokes.len(), 3 + 2 + 1);
    // ㄴ comes last, in the bottom slot, down then right.
    assert_eq!(strokes[5].median, vec![[359, 690], [359, 950], [671, 950]]);
}

#[test]
fn dak_has_a_double_final() {
    let d = decompose('닭').unwrap();
    assert_eq!(d.last, Some('ㄺ'));
    // ㄷ 2 + ㅏ 2 + ㄺ (ㄹ 3 + ㄱ 1).
    assert_eq!(medians('닭').len(), 8);
    let e = ends('닭');
    // The cluster's ㄹ is left of its ㄱ, and both sit below the vowel's bars.
    assert!(e[4].0[0] < e[7].0[0]);
    assert!(e[4..].iter().all(|(a, _)| a[1] >= 690));
}

#[test]
fn ui_uses_a_combined_vowel_wrapping_the_initial() {
    assert_eq!(decompose('의').unwrap().vowel, 'ㅢ');
    let e = ends('의');
    assert_eq!(e.len(), 1 + 2);
    // ㅇ from its top, then ㅡ below it, then ㅣ on the right over the full height.
    assert_eq!(e[0], ([295, 100], [295, 100]));
    assert_eq!(e[1], ([90, 730], [747, 730]));
    assert_eq!(e[2], ([930, 80], [930, 940]));
}

#[test]
fn golden_vertical_vowel_without_final() {
    assert_eq!(
        medians('가'),
        vec![
            vec![
                [100, 241],
                [530, 241],
                [525, 388],
                [512, 509],
                [489, 613],
                [457, 703],
                [414, 789]
            ],
            vec![[600, 90], [600, 940]],
            vec![[600, 502], [900, 502]],
        ]
    );
}

#[test]
fn golden_horizontal_vowel_without_and_with_final() {
    let go = ends('고');
    assert_eq!(
        go,
        vec![
            ([295, 90], [609, 440]),
            ([512, 520], [512, 820]),
            ([100, 820], [924, 820])
        ]
    );
    let gok = ends('곡');
    assert_eq!(
        gok,
        vec![
            ([357, 70], [581, 320]),
            ([512, 390], [512, 600]),
            ([124, 600], [900, 600]),
            ([344, 680], [586, 950])
        ]
    );
}

#[test]
fn golden_combined_vowel_without_and_with_final() {
    assert_eq!(
        ends('과'),
        vec![
            ([110, 100], [380, 440]),
            ([353, 437], [353, 730]),
            ([90, 730], [615, 730]),
            ([678, 80], [678, 940]),
            ([678, 496], [930, 496])
        ]
    );
    assert_eq!(
        ends('곽'),
        vec![
            ([154, 70], [360, 300]),
            ([382, 292], [382, 483]),
            ([169, 483], [595, 483]),
            ([647, 60], [647, 620]),
            ([647, 331], [851, 331]),
            ([351, 690], [584, 950])
        ]
    );
}

#[test]
fn every_syllable_composes_inside_the_box() {
    let table: Vec<(char, Vec<Stroke>)> = jamo::all()
        .map(|j| (j, jamo::strokes_of(j).unwrap()))
        .collect();
    let find = |j: char| {
        table
            .iter()
            .find(|(k, _)| *k == j)
            .map(|(_, s)| s.as_slice())
    };
    for code in 0xAC00..=0xD7A3u32 {
        let c = char::from_u32(code).unwrap();
        let strokes = compose(c, find).unwrap();
        assert!(strokes
            .iter()
            .all(|s| s.median.len() >= 2
                && s.median.iter().flatten().all(|v| (0..=1024).contains(v))));
    }
    assert!(compose('A', find).is_none());
}

#[test]
fn a_missing_jamo_gives_nothing() {
    assert!(compose('가', |_| None).is_none());
}

//! Syllable blocks from jamo: each jamo's medians are fitted into a slot of the block, chosen by
//! the vowel's shape (vertical, horizontal, combined) and by whether there is a final; outlines
//! are then drawn around the new medians with a round pen of one width, so a block's strokes are
//! as thick as each other whatever their jamo were scaled by.
//!
//! `web/src/characters/hangul.ts` does the same, step for step: only `+ - * / sqrt floor` on
//! doubles, which IEEE 754 makes identical in Rust and JavaScript, so both write the same bytes
//! (checked by `data/starter/characters/hangul-vectors.json`). Change both or neither.

use super::{decompose, vowel_shape, VowelShape};
use crate::entity::Stroke;
use crate::limits::STROKE_BOX;

/// Source note of a composed syllable.
pub const SOURCE: &str =
    "WriteIt: composed from the authored Hangul jamo; licence: CC0-1.0 (project's own)";

/// Half the pen width of composed outlines.
const PEN_RADIUS: f64 = 30.0;
/// The circle's control-point offset: PEN_RADIUS × 0.5523, rounded, so circles stay integer.
const CIRCLE_K: f64 = 17.0;
/// A jamo's median box is at least this wide and tall before fitting (a lone bar has no height).
const MIN_EXTENT: f64 = 160.0;
/// How much more one axis may be stretched than the other.
const MAX_STRETCH: f64 = 1.25;

/// A slot of the block: where a jamo's medians go, `[x0, y0, x1, y1]`.
type Slot = [f64; 4];

/// The slots of the initial, the vowel and the final for one block layout.
fn slots(shape: VowelShape, wide_vowel: bool, has_final: bool) -> (Slot, Slot, Slot) {
    use VowelShape::*;
    match (shape, has_final) {
        (Vertical, false) if wide_vowel => {
            ([90., 200., 480., 830.], [550., 90., 930., 940.], [0.; 4])
        }
        (Vertical, false) => ([100., 200., 530., 830.], [600., 90., 900., 940.], [0.; 4]),
        (Vertical, true) if wide_vowel => (
            [100., 110., 480., 500.],
            [550., 60., 930., 620.],
            [200., 690., 830., 950.],
        ),
        (Vertical, true) => (
            [110., 110., 520., 500.],
            [600., 60., 900., 620.],
            [200., 690., 830., 950.],
        ),
        (Horizontal, false) => ([230., 90., 790., 440.], [100., 520., 924., 820.], [0.; 4]),
        (Horizontal, true) => (
            [260., 70., 760., 320.],
            [100., 390., 924., 600.],
            [230., 680., 790., 950.],
        ),
        (Combined, false) => ([110., 100., 480., 440.], [90., 80., 930., 940.], [0.; 4]),
        (Combined, true) => (
            [120., 70., 470., 300.],
            [90., 60., 930., 620.],
            [220., 690., 800., 950.],
        ),
    }
}

/// Rounds half up, as `Math.floor(v + 0.5)` does in the TypeScript twin.
fn round(v: f64) -> i64 {
    (v + 0.5).floor() as i64
}

/// Fits one jamo's medians into `slot`, keeping their order and direction.
fn place(strokes: &[Stroke], slot: Slot) -> Vec<Vec<[i32; 2]>> {
    let points = strokes.iter().flat_map(|s| s.median.iter());
    let (mut bx0, mut by0, mut bx1, mut by1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &[x, y] in points {
        bx0 = bx0.min(f64::from(x));
        by0 = by0.min(f64::from(y));
        bx1 = bx1.max(f64::from(x));
        by1 = by1.max(f64::from(y));
    }
    if bx1 - bx0 < MIN_EXTENT {
        let pad = (MIN_EXTENT - (bx1 - bx0)) / 2.0;
        bx0 -= pad;
        bx1 += pad;
    }
    if by1 - by0 < MIN_EXTENT {
        let pad = (MIN_EXTENT - (by1 - by0)) / 2.0;
        by0 -= pad;
        by1 += pad;
    }
    let [sx0, sy0, sx1, sy1] = slot;
    let mut sx = (sx1 - sx0) / (bx1 - bx0);
    let mut sy = (sy1 - sy0) / (by1 - by0);
    if sx > sy * MAX_STRETCH {
        sx = sy * MAX_STRETCH;
    } else if sy > sx * MAX_STRETCH {
        sy = sx * MAX_STRETCH;
    }
    let ox = sx0 + ((sx1 - sx0) - (bx1 - bx0) * sx) / 2.0;
    let oy = sy0 + ((sy1 - sy0) - (by1 - by0) * sy) / 2.0;
    let clamp = |v: i64| v.clamp(0, i64::from(STROKE_BOX)) as i32;
    strokes
        .iter()
        .map(|s| {
            let mut out: Vec<[i32; 2]> = Vec::with_capacity(s.median.len());
            for &[x, y] in &s.median {
                let p = [
                    clamp(round(ox + (f64::from(x) - bx0) * sx)),
                    clamp(round(oy + (f64::from(y) - by0) * sy)),
                ];
                if out.last() != Some(&p) {
                    out.push(p);
                }
            }
            out
        })
        .collect()
}

/// The outline of a round pen along a median: a circle at every point and a band along every
/// segment, all turning the same way so the nonzero fill rule unites them.
pub fn pen_outline(median: &[[i32; 2]]) -> String {
    let (r, k) = (PEN_RADIUS, CIRCLE_K);
    let mut parts: Vec<String> = Vec::new();
    for (i, &[x, y]) in median.iter().enumerate() {
        let (x, y) = (f64::from(x), f64::from(y));
        parts.push(format!(
            "M {} {} C {} {} {} {} {} {} C {} {} {} {} {} {} C {} {} {} {} {} {} C {} {} {} {} {} {} Z",
            x, y - r,
            x - k, y - r, x - r, y - k, x - r, y,
            x - r, y + k, x - k, y + r, x, y + r,
            x + k, y + r, x + r, y + k, x + r, y,
            x + r, y - k, x + k, y - r, x, y - r,
        ));
        if let Some(&[x1, y1]) = median.get(i + 1) {
            let (x1, y1) = (f64::from(x1), f64::from(y1));
            let (dx, dy) = (x1 - x, y1 - y);
            let len = (dx * dx + dy * dy).sqrt();
            if len > 0.0 {
                let nx = (-dy * r) / len;
                let ny = (dx * r) / len;
                parts.push(format!(
                    "M {} {} L {} {} L {} {} L {} {} Z",
                    round(x + nx),
                    round(y + ny),
                    round(x1 + nx),
                    round(y1 + ny),
                    round(x1 - nx),
                    round(y1 - ny),
                    round(x - nx),
                    round(y - ny),
                ));
            }
        }
    }
    parts.join(" ")
}

/// Composes a syllable block from the strokes of its jamo (`jamo` answers a compatibility jamo's
/// strokes): initial, then vowel, then final, each in its own order. `None` when `syllable` is not
/// a block or a jamo is missing.
pub fn compose<'a>(
    syllable: char,
    jamo: impl Fn(char) -> Option<&'a [Stroke]>,
) -> Option<Vec<Stroke>> {
    let parts = decompose(syllable)?;
    let shape = vowel_shape(parts.vowel)?;
    let wide = matches!(parts.vowel, 'ㅐ' | 'ㅒ' | 'ㅔ' | 'ㅖ');
    let (initial_slot, vowel_slot, final_slot) = slots(shape, wide, parts.last.is_some());
    let mut medians = place(jamo(parts.initial)?, initial_slot);
    medians.extend(place(jamo(parts.vowel)?, vowel_slot));
    if let Some(last) = parts.last {
        medians.extend(place(jamo(last)?, final_slot));
    }
    Some(
        medians
            .into_iter()
            .map(|median| Stroke {
                path: pen_outline(&median),
                median,
            })
            .collect(),
    )
}

//! The 51 compatibility jamo (U+3131–U+3163), authored as centre lines in the 1024 box (y down),
//! in the taught stroke order and direction (rules in data/README.md, "Characters"):
//! top before bottom, left before right, horizontals left to right, verticals top to bottom,
//! ㅇ counter-clockwise from the top. Double consonants, clusters and combined vowels are built
//! from their parts, left part first, so their order follows from the parts'.

use kurbo::{Affine, BezPath, Rect, Shape};

use crate::entity::Stroke;
use crate::strokes::{stroke_from_path, AUTHORED_WIDTH};

/// Source note of the authored jamo.
pub const SOURCE: &str = "WriteIt authored Hangul jamo; licence: CC0-1.0 (project's own)";

/// A circle as four cubic quarters, counter-clockwise on screen (y down), starting at the top.
fn circle(cx: f64, cy: f64, r: f64) -> String {
    let k = r * 0.552_284_749_8;
    format!(
        "M {cx} {t} C {a} {t} {l} {b} {l} {cy} C {l} {c} {a} {d} {cx} {d} \
         C {e} {d} {rr} {c} {rr} {cy} C {rr} {b} {e} {t} {cx} {t}",
        t = cy - r,
        d = cy + r,
        l = cx - r,
        rr = cx + r,
        a = cx - k,
        e = cx + k,
        b = cy - k,
        c = cy + k,
    )
}

fn parse(d: &str) -> BezPath {
    BezPath::from_svg(d).expect("authored centre lines are valid SVG")
}

fn strokes(ds: &[&str]) -> Vec<BezPath> {
    ds.iter().map(|d| parse(d)).collect()
}

/// Moves and scales centre lines so their bounding box fills `to`; an axis with no extent (a lone
/// horizontal or vertical bar) is centred instead of stretched.
fn fit(paths: &[BezPath], to: Rect) -> Vec<BezPath> {
    let from = paths
        .iter()
        .map(|p| p.bounding_box())
        .reduce(|a, b| a.union(b))
        .expect("at least one stroke");
    let axis = |f0: f64, f1: f64, t0: f64, t1: f64| {
        if f1 - f0 < 1.0 {
            (1.0, (t0 + t1) / 2.0 - (f0 + f1) / 2.0)
        } else {
            let s = (t1 - t0) / (f1 - f0);
            (s, t0 - f0 * s)
        }
    };
    let (sx, tx) = axis(from.x0, from.x1, to.x0, to.x1);
    let (sy, ty) = axis(from.y0, from.y1, to.y0, to.y1);
    let m = Affine::new([sx, 0.0, 0.0, sy, tx, ty]);
    paths.iter().map(|p| m * p.clone()).collect()
}

fn pair(a: Vec<BezPath>, a_to: Rect, b: Vec<BezPath>, b_to: Rect) -> Vec<BezPath> {
    let mut out = fit(&a, a_to);
    out.extend(fit(&b, b_to));
    out
}

/// A double consonant or a cluster: two consonants side by side, the left one first.
fn side_by_side(a: char, b: char) -> Vec<BezPath> {
    pair(
        centre_lines(a),
        Rect::new(150.0, 250.0, 480.0, 790.0),
        centre_lines(b),
        Rect::new(560.0, 250.0, 890.0, 790.0),
    )
}

/// The centre lines of one jamo, in stroke order.
pub fn centre_lines(jamo: char) -> Vec<BezPath> {
    let r = Rect::new;
    match jamo {
        // Consonants, drawn in about 224..800 both ways.
        'ㄱ' => strokes(&["M 240 270 L 760 270 C 760 480 730 650 620 800"]),
        'ㄴ' => strokes(&["M 280 230 L 280 770 L 800 770"]),
        'ㄷ' => strokes(&["M 270 270 L 780 270", "M 290 270 L 290 770 L 800 770"]),
        'ㄹ' => strokes(&[
            "M 260 240 L 760 240 L 760 500",
            "M 270 500 L 760 500",
            "M 270 500 L 270 780 L 800 780",
        ]),
        'ㅁ' => strokes(&[
            "M 270 260 L 270 780",
            "M 270 260 L 770 260 L 770 780",
            "M 270 780 L 770 780",
        ]),
        'ㅂ' => strokes(&[
            "M 280 230 L 280 790",
            "M 750 230 L 750 790",
            "M 280 500 L 750 500",
            "M 280 790 L 750 790",
        ]),
        'ㅅ' => strokes(&[
            "M 520 230 C 500 450 400 640 224 790",
            "M 470 500 C 570 630 680 730 800 790",
        ]),
        'ㅇ' => strokes(&[&circle(512.0, 512.0, 270.0)]),
        'ㅈ' => strokes(&[
            "M 260 260 L 740 260 C 640 480 460 680 224 800",
            "M 520 500 C 600 630 690 730 800 790",
        ]),
        'ㅊ' => strokes(&[
            "M 512 140 L 512 240",
            "M 270 300 L 740 300 C 640 500 460 690 230 800",
            "M 520 530 C 600 645 690 735 800 795",
        ]),
        'ㅋ' => strokes(&[
            "M 250 260 L 760 260 C 760 480 730 650 620 800",
            "M 250 520 L 750 520",
        ]),
        'ㅌ' => strokes(&[
            "M 270 250 L 770 250",
            "M 270 510 L 750 510",
            "M 270 250 L 270 780 L 800 780",
        ]),
        'ㅍ' => strokes(&[
            "M 240 260 L 790 260",
            "M 390 260 L 410 760",
            "M 640 260 L 620 760",
            "M 230 770 L 800 770",
        ]),
        'ㅎ' => strokes(&[
            "M 512 140 L 512 240",
            "M 260 310 L 770 310",
            &circle(512.0, 590.0, 200.0),
        ]),
        'ㄲ' => side_by_side('ㄱ', 'ㄱ'),
        'ㄸ' => side_by_side('ㄷ', 'ㄷ'),
        'ㅃ' => side_by_side('ㅂ', 'ㅂ'),
        'ㅆ' => side_by_side('ㅅ', 'ㅅ'),
        'ㅉ' => side_by_side('ㅈ', 'ㅈ'),
        'ㄳ' => side_by_side('ㄱ', 'ㅅ'),
        'ㄵ' => side_by_side('ㄴ', 'ㅈ'),
        'ㄶ' => side_by_side('ㄴ', 'ㅎ'),
        'ㄺ' => side_by_side('ㄹ', 'ㄱ'),
        'ㄻ' => side_by_side('ㄹ', 'ㅁ'),
        'ㄼ' => side_by_side('ㄹ', 'ㅂ'),
        'ㄽ' => side_by_side('ㄹ', 'ㅅ'),
        'ㄾ' => side_by_side('ㄹ', 'ㅌ'),
        'ㄿ' => side_by_side('ㄹ', 'ㅍ'),
        'ㅀ' => side_by_side('ㄹ', 'ㅎ'),
        'ㅄ' => side_by_side('ㅂ', 'ㅅ'),
        // Vertical vowels: the long bar first, except ㅓ ㅔ ㅕ ㅖ whose short bars (left of it)
        // come first; a second long bar (ㅐ ㅒ ㅔ ㅖ) comes last.
        'ㅣ' => strokes(&["M 512 128 L 512 896"]),
        'ㅏ' => strokes(&["M 420 128 L 420 896", "M 420 500 L 660 500"]),
        'ㅐ' => strokes(&[
            "M 360 128 L 360 880",
            "M 360 480 L 580 480",
            "M 600 100 L 600 920",
        ]),
        'ㅑ' => strokes(&[
            "M 420 128 L 420 896",
            "M 420 400 L 660 400",
            "M 420 620 L 660 620",
        ]),
        'ㅒ' => strokes(&[
            "M 340 128 L 340 880",
            "M 340 400 L 520 400",
            "M 340 620 L 520 620",
            "M 600 100 L 600 920",
        ]),
        'ㅓ' => strokes(&["M 360 500 L 600 500", "M 600 128 L 600 896"]),
        'ㅔ' => strokes(&[
            "M 300 480 L 480 480",
            "M 480 128 L 480 880",
            "M 660 100 L 660 920",
        ]),
        'ㅕ' => strokes(&[
            "M 360 400 L 600 400",
            "M 360 620 L 600 620",
            "M 600 128 L 600 896",
        ]),
        'ㅖ' => strokes(&[
            "M 280 400 L 460 400",
            "M 280 620 L 460 620",
            "M 480 128 L 480 880",
            "M 660 100 L 660 920",
        ]),
        // Horizontal vowels: ㅗ ㅛ put their short verticals first, ㅜ ㅠ their long bar first.
        'ㅡ' => strokes(&["M 128 512 L 896 512"]),
        'ㅗ' => strokes(&["M 512 340 L 512 600", "M 128 600 L 896 600"]),
        'ㅛ' => strokes(&[
            "M 400 360 L 400 600",
            "M 624 360 L 624 600",
            "M 128 600 L 896 600",
        ]),
        'ㅜ' => strokes(&["M 128 440 L 896 440", "M 512 440 L 512 720"]),
        'ㅠ' => strokes(&[
            "M 128 420 L 896 420",
            "M 400 420 L 400 700",
            "M 624 420 L 624 700",
        ]),
        // Combined vowels: the horizontal part (lower left), then the vertical part (right).
        'ㅘ' => pair(
            centre_lines('ㅗ'),
            r(100.0, 440.0, 600.0, 720.0),
            centre_lines('ㅏ'),
            r(660.0, 100.0, 900.0, 920.0),
        ),
        'ㅙ' => pair(
            centre_lines('ㅗ'),
            r(90.0, 440.0, 540.0, 720.0),
            centre_lines('ㅐ'),
            r(600.0, 100.0, 920.0, 920.0),
        ),
        'ㅚ' => pair(
            centre_lines('ㅗ'),
            r(100.0, 440.0, 640.0, 720.0),
            centre_lines('ㅣ'),
            r(780.0, 100.0, 780.0, 920.0),
        ),
        'ㅝ' => pair(
            centre_lines('ㅜ'),
            r(90.0, 420.0, 560.0, 700.0),
            centre_lines('ㅓ'),
            r(600.0, 100.0, 900.0, 920.0),
        ),
        'ㅞ' => pair(
            centre_lines('ㅜ'),
            r(80.0, 420.0, 500.0, 700.0),
            centre_lines('ㅔ'),
            r(560.0, 100.0, 930.0, 920.0),
        ),
        'ㅟ' => pair(
            centre_lines('ㅜ'),
            r(100.0, 420.0, 640.0, 700.0),
            centre_lines('ㅣ'),
            r(790.0, 100.0, 790.0, 920.0),
        ),
        'ㅢ' => pair(
            centre_lines('ㅡ'),
            r(100.0, 720.0, 640.0, 720.0),
            centre_lines('ㅣ'),
            r(790.0, 100.0, 790.0, 920.0),
        ),
        _ => Vec::new(),
    }
}

/// Every compatibility jamo, U+3131 to U+3163, in code point order.
pub fn all() -> impl Iterator<Item = char> {
    ('\u{3131}'..='\u{3163}').filter(|c| *c != '\u{3164}')
}

/// The strokes (outline and median) of one jamo; `None` for anything else.
pub fn strokes_of(jamo: char) -> Option<Vec<Stroke>> {
    let lines = centre_lines(jamo);
    if lines.is_empty() {
        return None;
    }
    Some(
        lines
            .iter()
            .map(|p| stroke_from_path(p, AUTHORED_WIDTH).expect("authored jamo stroke"))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_51_jamo_have_strokes_with_the_taught_counts() {
        assert_eq!(all().count(), 51);
        let counts: String = all()
            .map(|c| strokes_of(c).unwrap_or_default().len().to_string())
            .collect();
        // ㄱ1 ㄲ2 ㄳ3 ㄴ1 ㄵ3 ㄶ4 ㄷ2 ㄸ4 ㄹ3 ㄺ4 ㄻ6 ㄼ7 ㄽ5 ㄾ6 ㄿ7 ㅀ6 ㅁ3 ㅂ4 ㅃ8 ㅄ6 ㅅ2 ㅆ4 ㅇ1
        // ㅈ2 ㅉ4 ㅊ3 ㅋ2 ㅌ3 ㅍ4 ㅎ3, then the vowels ㅏ … ㅣ.
        assert_eq!(
            counts,
            "123134243467567634862412432343\
             233423342453324533121"
        );
    }

    #[test]
    fn the_circle_starts_at_the_top_and_turns_counter_clockwise() {
        let s = &strokes_of('ㅇ').unwrap()[0];
        let (first, second) = (s.median[0], s.median[1]);
        assert_eq!(first, [512, 242]);
        assert!(second[0] < first[0], "goes left first: {second:?}");
        assert_eq!(s.median.last(), Some(&first));
    }
}

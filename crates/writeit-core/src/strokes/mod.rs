//! Building and checking stroke data (DESIGN.md §7): every script ends up as per-stroke SVG
//! outlines plus integer median polylines in the 1024 box, y down.
//!
//! Authored characters (Hangul jamo, letters) and KanjiVG are written as centre lines; a centre
//! line becomes a [`Stroke`] by flattening it (the median) and by stroking it with a round pen
//! (the outline), both with `kurbo`. Outlines are written with integer coordinates so they stay
//! short and compare byte for byte across runs.

pub mod check;
pub mod letters;

/// The geometry crate the stroke data is built with, for callers that convert other sources.
pub use kurbo;

use kurbo::{Affine, BezPath, PathEl, Point};

use crate::entity::Stroke;
use crate::limits::{MEDIAN_POINTS_MAX, STROKE_BOX};

/// Pen width, in the 1024 box, of the outlines made from authored centre lines.
pub const AUTHORED_WIDTH: f64 = 72.0;

/// How far (box units) a flattened median may stray from the curve it follows.
const MEDIAN_TOLERANCE: f64 = 2.0;
/// How far the outline's curves may stray from the exact offset curve.
const OUTLINE_TOLERANCE: f64 = 1.0;

/// Parses one stroke's centre line (SVG path data), applies `to_box`, and returns the stroke: the
/// median (flattened, simplified, integer) and the outline of a round pen `width` wide.
pub fn stroke_from_centre_line(centre: &str, to_box: Affine, width: f64) -> Result<Stroke, String> {
    let mut path = BezPath::from_svg(centre).map_err(|e| format!("centre line {centre:?}: {e}"))?;
    path.apply_affine(to_box);
    stroke_from_path(&path, width)
}

/// A centre line already in the box becomes a stroke: its median, and the outline of a round pen
/// `width` wide.
pub fn stroke_from_path(path: &BezPath, width: f64) -> Result<Stroke, String> {
    let median = median_of(path);
    if median.len() < 2 {
        return Err("a centre line has no length".into());
    }
    let style = kurbo::Stroke::new(width)
        .with_caps(kurbo::Cap::Round)
        .with_join(kurbo::Join::Round);
    let outline = kurbo::stroke(
        path.elements().iter().copied(),
        &style,
        &kurbo::StrokeOpts::default(),
        OUTLINE_TOLERANCE,
    );
    Ok(Stroke {
        path: integer_svg(&closed(&outline)),
        median,
    })
}

/// The same path with every subpath closed (kurbo leaves an open stroke's outline unclosed; a fill
/// closes it anyway, but an explicit `Z` says the outline is whole).
fn closed(path: &BezPath) -> BezPath {
    let mut out = BezPath::new();
    // Whether a segment was drawn since the last MoveTo or ClosePath.
    let mut open = false;
    for el in path.elements() {
        match el {
            PathEl::MoveTo(_) => {
                if open {
                    out.push(PathEl::ClosePath);
                }
                open = false;
            }
            PathEl::ClosePath => open = false,
            _ => open = true,
        }
        out.push(*el);
    }
    if open {
        out.push(PathEl::ClosePath);
    }
    out
}

/// The median of a centre line: flattened, simplified (Ramer–Douglas–Peucker) and rounded to
/// integers inside the box. Only the first subpath counts: a stroke is one movement of the pen.
pub fn median_of(path: &BezPath) -> Vec<[i32; 2]> {
    let mut points: Vec<Point> = Vec::new();
    let mut started = false;
    let mut done = false;
    kurbo::flatten(path.elements().iter().copied(), MEDIAN_TOLERANCE, |el| {
        if done {
            return;
        }
        match el {
            PathEl::MoveTo(_) if started => done = true,
            PathEl::MoveTo(p) | PathEl::LineTo(p) => {
                started = true;
                points.push(p);
            }
            PathEl::ClosePath => {
                if let Some(&first) = points.first() {
                    points.push(first);
                }
            }
            _ => {}
        }
    });
    let mut tolerance = MEDIAN_TOLERANCE;
    let mut simple = simplify(&points, tolerance);
    // A long wiggly stroke could exceed the row limit: loosen until it fits.
    while simple.len() > MEDIAN_POINTS_MAX {
        tolerance *= 2.0;
        simple = simplify(&points, tolerance);
    }
    let mut out: Vec<[i32; 2]> = Vec::with_capacity(simple.len());
    for p in simple {
        let q = [clamp_round(p.x), clamp_round(p.y)];
        if out.last() != Some(&q) {
            out.push(q);
        }
    }
    out
}

fn clamp_round(v: f64) -> i32 {
    (v.round() as i32).clamp(0, STROKE_BOX)
}

/// Ramer–Douglas–Peucker: keeps the points that matter for the shape within `tolerance`.
fn simplify(points: &[Point], tolerance: f64) -> Vec<Point> {
    if points.len() < 3 {
        return points.to_vec();
    }
    let mut keep = vec![false; points.len()];
    keep[0] = true;
    keep[points.len() - 1] = true;
    let mut stack = vec![(0, points.len() - 1)];
    while let Some((a, b)) = stack.pop() {
        let (pa, pb) = (points[a], points[b]);
        let mut far = (0.0, 0);
        for (i, &p) in points.iter().enumerate().take(b).skip(a + 1) {
            let d = distance_to_segment(p, pa, pb);
            if d > far.0 {
                far = (d, i);
            }
        }
        if far.0 > tolerance {
            keep[far.1] = true;
            stack.push((a, far.1));
            stack.push((far.1, b));
        }
    }
    points
        .iter()
        .zip(keep)
        .filter_map(|(&p, k)| k.then_some(p))
        .collect()
}

fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let len2 = ab.hypot2();
    if len2 == 0.0 {
        return (p - a).hypot();
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    (p - (a + ab * t)).hypot()
}

/// Writes a path as absolute `M L Q C Z` commands with integer coordinates, dropping segments
/// that rounding made empty.
pub fn integer_svg(path: &BezPath) -> String {
    let mut out = String::new();
    let mut last: Option<(i64, i64)> = None;
    let r = |p: Point| (p.x.round() as i64, p.y.round() as i64);
    let push = |out: &mut String, cmd: char, pts: &[Point]| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push(cmd);
        for &p in pts {
            let (x, y) = r(p);
            out.push_str(&format!(" {x} {y}"));
        }
    };
    for el in path.elements() {
        match *el {
            PathEl::MoveTo(p) => {
                push(&mut out, 'M', &[p]);
                last = Some(r(p));
            }
            PathEl::LineTo(p) => {
                if last != Some(r(p)) {
                    push(&mut out, 'L', &[p]);
                    last = Some(r(p));
                }
            }
            PathEl::QuadTo(c, p) => {
                if last != Some(r(p)) || r(c) != r(p) {
                    push(&mut out, 'Q', &[c, p]);
                    last = Some(r(p));
                }
            }
            PathEl::CurveTo(c1, c2, p) => {
                if last != Some(r(p)) || r(c1) != r(p) || r(c2) != r(p) {
                    push(&mut out, 'C', &[c1, c2, p]);
                    last = Some(r(p));
                }
            }
            PathEl::ClosePath => push(&mut out, 'Z', &[]),
        }
    }
    out
}

/// Parses an SVG path, applies `transform` and writes it back with integer coordinates.
pub fn transform_svg(d: &str, transform: Affine) -> Result<String, String> {
    let mut path = BezPath::from_svg(d).map_err(|e| format!("path {d:?}: {e}"))?;
    path.apply_affine(transform);
    Ok(integer_svg(&path))
}

/// A contact sheet of characters as one SVG (outlines in grey, medians in red, each median's
/// start marked), for looking at data: `writeit characters preview`.
pub fn preview_svg(characters: &[(&str, &[Stroke])], columns: usize) -> String {
    let columns = columns.max(1);
    let cell = 128.0;
    let rows = characters.len().div_ceil(columns);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         style=\"background:white\">\n",
        w = cell * columns as f64,
        h = (cell + 16.0) * rows as f64,
    );
    for (i, (label, strokes)) in characters.iter().enumerate() {
        let (x, y) = (
            (i % columns) as f64 * cell,
            (i / columns) as f64 * (cell + 16.0),
        );
        out.push_str(&format!(
            "<g transform=\"translate({x} {y})\"><rect width=\"{cell}\" height=\"{cell}\" \
             fill=\"none\" stroke=\"#ddd\"/><text x=\"4\" y=\"{ty}\" font-size=\"12\">{label}</text>\
             <g transform=\"scale({s})\">",
            ty = cell + 13.0,
            s = cell / f64::from(STROKE_BOX),
        ));
        for st in strokes.iter() {
            out.push_str(&format!("<path d=\"{}\" fill=\"#999\"/>", st.path));
        }
        for st in strokes.iter() {
            let pts: Vec<String> = st.median.iter().map(|[x, y]| format!("{x},{y}")).collect();
            out.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"#c00\" stroke-width=\"10\"/>",
                pts.join(" ")
            ));
            if let Some([x, y]) = st.median.first() {
                out.push_str(&format!(
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"24\" fill=\"#06c\"/>"
                ));
            }
        }
        out.push_str("</g></g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_straight_centre_line_has_a_two_point_median_and_a_closed_outline() {
        let s = stroke_from_centre_line("M 100 500 L 900 500", Affine::IDENTITY, 72.0).unwrap();
        assert_eq!(s.median, vec![[100, 500], [900, 500]]);
        assert!(s.path.starts_with("M "));
        assert!(s.path.ends_with('Z'));
        let outline = BezPath::from_svg(&s.path).unwrap();
        let bbox = kurbo::Shape::bounding_box(&outline);
        assert!((bbox.y0 - 464.0).abs() < 1.5 && (bbox.y1 - 536.0).abs() < 1.5);
        assert!((bbox.x0 - 64.0).abs() < 1.5 && (bbox.x1 - 936.0).abs() < 1.5);
    }

    #[test]
    fn medians_are_simplified_and_clamped() {
        let s = stroke_from_centre_line(
            "M -20 10 L 500 10 L 1000 10 L 1100 10",
            Affine::IDENTITY,
            10.0,
        )
        .unwrap();
        assert_eq!(s.median, vec![[0, 10], [1024, 10]]);
    }

    #[test]
    fn a_point_is_no_stroke() {
        assert!(stroke_from_centre_line("M 5 5 L 5 5", Affine::IDENTITY, 10.0).is_err());
        assert!(stroke_from_centre_line("M 5 5 X", Affine::IDENTITY, 10.0).is_err());
    }

    #[test]
    fn transform_flips_y() {
        let flip = Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, 900.0]);
        assert_eq!(
            transform_svg("M 10 900 Q 20 0 30 -124 Z", flip).unwrap(),
            "M 10 0 Q 20 900 30 1024 Z"
        );
    }
}

//! The validator every character set passes before it is committed or imported: the entity's own
//! limits, plus geometry the entity check does not look at (paths parse, no stroke of zero length).

use kurbo::{BezPath, Shape};

use crate::entity::Character;
use crate::limits::STROKE_BOX;
use crate::validate::Validate;

/// What a set holds, for the report.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SetCounts {
    /// Characters in the set.
    pub characters: usize,
    /// Strokes over all characters.
    pub strokes: usize,
    /// Median points over all strokes.
    pub median_points: usize,
}

/// Problems with one character, as readable sentences.
pub fn problems(c: &Character) -> Vec<String> {
    let mut out = Vec::new();
    if let Err(e) = c.validate() {
        out.push(e.message);
    }
    if c.strokes.is_empty() {
        out.push("has no strokes".into());
    }
    for (i, s) in c.strokes.iter().enumerate() {
        if s.median
            .iter()
            .flatten()
            .any(|v| !(0..=STROKE_BOX).contains(v))
        {
            out.push(format!("stroke {i}: median leaves the box"));
        }
        let length: f64 = s
            .median
            .windows(2)
            .map(|w| {
                let (dx, dy) = (w[1][0] - w[0][0], w[1][1] - w[0][1]);
                f64::from(dx).hypot(f64::from(dy))
            })
            .sum();
        if length == 0.0 {
            out.push(format!("stroke {i}: median has zero length"));
        }
        match BezPath::from_svg(&s.path) {
            Err(e) => out.push(format!("stroke {i}: path does not parse: {e}")),
            Ok(p) => {
                let b = p.bounding_box();
                if p.elements().is_empty() || b.width() <= 0.0 || b.height() <= 0.0 {
                    out.push(format!("stroke {i}: outline is empty"));
                }
            }
        }
    }
    out
}

/// Checks a whole set: counts on success, every problem (prefixed by the character) otherwise.
pub fn check_set(characters: &[Character]) -> Result<SetCounts, Vec<String>> {
    let mut counts = SetCounts::default();
    let mut all = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for c in characters {
        if !seen.insert((&c.language_code, &c.value)) {
            all.push(format!("{} {}: listed twice", c.language_code, c.value));
        }
        all.extend(
            problems(c)
                .into_iter()
                .map(|p| format!("{} {}: {p}", c.language_code, c.value)),
        );
        counts.characters += 1;
        counts.strokes += c.strokes.len();
        counts.median_points += c.strokes.iter().map(|s| s.median.len()).sum::<usize>();
    }
    if all.is_empty() {
        Ok(counts)
    } else {
        Err(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Stroke;

    fn character(strokes: Vec<Stroke>) -> Character {
        Character {
            id: "0190c5a8-1234-7abc-8def-0123456789ab".into(),
            language_code: "ko".into(),
            value: "ㄱ".into(),
            strokes,
            source: String::new(),
            updated_at: 0,
            leniency: 1.0,
            alternatives: vec![],
            deleted: false,
        }
    }

    #[test]
    fn finds_each_kind_of_problem() {
        let good = Stroke {
            path: "M 0 0 L 10 0 L 10 10 Z".into(),
            median: vec![[0, 0], [10, 10]],
        };
        assert!(problems(&character(vec![good.clone()])).is_empty());
        let zero = Stroke {
            median: vec![[5, 5], [5, 5]],
            ..good.clone()
        };
        assert!(problems(&character(vec![zero]))[0].contains("zero length"));
        let bad_path = Stroke {
            path: "M 0 0 K".into(),
            ..good.clone()
        };
        assert!(problems(&character(vec![bad_path]))[0].contains("does not parse"));
        assert!(problems(&character(vec![]))
            .iter()
            .any(|p| p.contains("no strokes")));
        let twice = vec![character(vec![good.clone()]), character(vec![good])];
        assert_eq!(check_set(&twice).unwrap_err().len(), 1);
    }
}

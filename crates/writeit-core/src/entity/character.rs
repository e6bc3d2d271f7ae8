//! A character's stroke data: per stroke an SVG outline and a median polyline in a 1024 box, y down.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::ErrorReason;
use crate::grapheme;
use crate::limits::*;
use crate::validate::{self, Checked, Validate};

/// One stroke: its outline (SVG path `d`) and its centre line, in drawing order and direction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Stroke {
    pub path: String,
    /// Integer points `[x, y]` in the 1024 box, y down.
    pub median: Vec<[i32; 2]>,
}

/// A row of `characters`; also `saveCharacter`'s input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Character {
    pub id: String,
    pub language_code: String,
    /// Exactly one grapheme.
    pub value: String,
    #[serde(default)]
    pub strokes: Vec<Stroke>,
    /// Origin and licence of the stroke data.
    #[serde(default)]
    pub source: String,
    /// How forgiving the stroke matcher is with this character: 1 is the default, more forgives
    /// more; the learner's own setting multiplies it.
    #[serde(default = "default_leniency")]
    pub leniency: f64,
    /// Other accepted stroke orders, each a permutation of the stroke indices.
    #[serde(default)]
    pub alternatives: Vec<Vec<u16>>,
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

fn default_leniency() -> f64 {
    1.0
}

impl Validate for Character {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::language_code("languageCode", &self.language_code)?;
        validate::text("value", &self.value, 32)?;
        if grapheme::count(&self.value) != 1 {
            return Err(validate::error(
                "value",
                ErrorReason::InvalidFormat,
                "must be exactly one character",
            ));
        }
        validate::text("source", &self.source, SOURCE_MAX)?;
        validate::array_len("strokes", &self.strokes, STROKES_MAX)?;
        if !(LENIENCY_MIN..=LENIENCY_MAX).contains(&self.leniency) {
            return Err(validate::error(
                "leniency",
                ErrorReason::OutOfRange,
                format!("must be between {LENIENCY_MIN} and {LENIENCY_MAX}"),
            ));
        }
        validate::array_len("alternatives", &self.alternatives, ALTERNATIVE_ORDERS_MAX)?;
        for (i, order) in self.alternatives.iter().enumerate() {
            let mut seen = vec![false; self.strokes.len()];
            let permutation = order.len() == self.strokes.len()
                && order.iter().all(|&k| {
                    let fresh = seen.get(usize::from(k)).is_some_and(|s| !s);
                    if fresh {
                        seen[usize::from(k)] = true;
                    }
                    fresh
                });
            if !permutation {
                return Err(validate::error(
                    &format!("alternatives[{i}]"),
                    ErrorReason::InvalidFormat,
                    "must list every stroke index exactly once",
                ));
            }
        }
        for (i, s) in self.strokes.iter().enumerate() {
            validate::required_text(&format!("strokes[{i}].path"), &s.path, STROKE_PATH_MAX)?;
            let field = format!("strokes[{i}].median");
            if s.median.len() < 2 {
                return Err(validate::error(
                    &field,
                    ErrorReason::InvalidFormat,
                    "must have at least 2 points",
                ));
            }
            validate::array_len(&field, &s.median, MEDIAN_POINTS_MAX)?;
            if s.median
                .iter()
                .flatten()
                .any(|v| !(0..=STROKE_BOX).contains(v))
            {
                return Err(validate::error(
                    &field,
                    ErrorReason::OutOfRange,
                    format!("points must lie within 0..={STROKE_BOX}"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn character(strokes: usize) -> Character {
        let stroke = Stroke {
            path: "M0 0L10 10Z".into(),
            median: vec![[0, 0], [10, 10]],
        };
        Character {
            id: "0b9e3c1e-2f4a-4c8e-9d6b-1a2b3c4d5e6f".into(),
            language_code: "ja".into(),
            value: "川".into(),
            strokes: vec![stroke; strokes],
            source: "test".into(),
            leniency: 1.0,
            alternatives: vec![],
            updated_at: 0,
            deleted: false,
        }
    }

    #[test]
    fn leniency_and_alternative_orders_are_checked() {
        assert!(character(3).validate().is_ok());
        let lenient = Character {
            leniency: 4.5,
            ..character(3)
        };
        assert!(lenient
            .validate()
            .unwrap_err()
            .to_string()
            .contains("leniency"));
        let ok = Character {
            alternatives: vec![vec![1, 0, 2], vec![2, 1, 0]],
            ..character(3)
        };
        assert!(ok.validate().is_ok());
        for bad in [vec![0, 0, 1], vec![0, 1], vec![0, 1, 3]] {
            let c = Character {
                alternatives: vec![bad.clone()],
                ..character(3)
            };
            let e = c.validate().unwrap_err().to_string();
            assert!(e.contains("alternatives[0]"), "{bad:?}: {e}");
        }
        // Leniency and orders default when a client leaves them out.
        let parsed: Character = serde_json::from_str(
            r#"{"id":"0b9e3c1e-2f4a-4c8e-9d6b-1a2b3c4d5e6f","languageCode":"ja","value":"川"}"#,
        )
        .unwrap();
        assert_eq!((parsed.leniency, parsed.alternatives.len()), (1.0, 0));
    }
}

//! A character's stroke data: per stroke an SVG outline and a median polyline in a 1024 box, y down.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
    #[serde(default)]
    #[ts(type = "number")]
    pub updated_at: i64,
    #[serde(default)]
    pub deleted: bool,
}

impl Validate for Character {
    fn validate(&self) -> Checked {
        validate::uuid("id", &self.id)?;
        validate::language_code("languageCode", &self.language_code)?;
        validate::text("value", &self.value, 32)?;
        if grapheme::count(&self.value) != 1 {
            return Err(validate::error("value", "must be exactly one character"));
        }
        validate::text("source", &self.source, SOURCE_MAX)?;
        validate::array_len("strokes", &self.strokes, STROKES_MAX)?;
        for (i, s) in self.strokes.iter().enumerate() {
            validate::required_text(&format!("strokes[{i}].path"), &s.path, STROKE_PATH_MAX)?;
            let field = format!("strokes[{i}].median");
            if s.median.len() < 2 {
                return Err(validate::error(&field, "must have at least 2 points"));
            }
            validate::array_len(&field, &s.median, MEDIAN_POINTS_MAX)?;
            if s.median
                .iter()
                .flatten()
                .any(|v| !(0..=STROKE_BOX).contains(v))
            {
                return Err(validate::error(
                    &field,
                    format!("points must lie within 0..={STROKE_BOX}"),
                ));
            }
        }
        Ok(())
    }
}

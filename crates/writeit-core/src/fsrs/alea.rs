//! The two JavaScript behaviours ts-fsrs's fuzz depends on: its seeded Alea
//! PRNG (with Mash) and `Number.prototype.toString`, which formats the seed.

/// 2^-32, written as ts-fsrs writes it (`23283064365386963e-26`).
const TWO_POW_M32: f64 = 2.328_306_436_538_696_3e-10;
const TWO_POW_32: f64 = 4_294_967_296.0;

/// JavaScript's ToUint32 (`x >>> 0`).
fn to_uint32(x: f64) -> f64 {
    if !x.is_finite() {
        return 0.0;
    }
    x.trunc().rem_euclid(TWO_POW_32)
}

/// JavaScript's ToInt32 (`x | 0`).
fn to_int32(x: f64) -> f64 {
    let u = to_uint32(x);
    if u >= TWO_POW_32 / 2.0 {
        u - TWO_POW_32
    } else {
        u
    }
}

/// Mash: its state `n` carries over between calls, as in the JS closure.
struct Mash {
    n: f64,
}

impl Mash {
    fn new() -> Mash {
        Mash { n: 4_022_871_197.0 }
    }

    fn mash(&mut self, data: &str) -> f64 {
        let mut n = self.n;
        // `charCodeAt` walks UTF-16 code units.
        for code in data.encode_utf16() {
            n += f64::from(code);
            let mut h = 0.025_196_032_824_169_38 * n;
            n = to_uint32(h);
            h -= n;
            h *= n;
            n = to_uint32(h);
            h -= n;
            n += h * TWO_POW_32;
        }
        self.n = n;
        to_uint32(n) * TWO_POW_M32
    }
}

/// The first number drawn from `alea(seed)`: all the fuzz ever uses, since
/// ts-fsrs builds a fresh generator for every fuzzed interval.
pub(super) fn alea_first(seed: &str) -> f64 {
    let mut mash = Mash::new();
    let mut s0 = mash.mash(" ");
    // s1 and s2 are unused by the first draw, but mashing them advances
    // Mash's state before the seed is mixed into s0.
    mash.mash(" ");
    mash.mash(" ");
    s0 -= mash.mash(seed);
    if s0 < 0.0 {
        s0 += 1.0;
    }
    let c = 1.0;
    let t = 2_091_639.0 * s0 + c * TWO_POW_M32;
    t - to_int32(t)
}

/// `String(x)` for a JS number (ECMA-262 Number::toString, radix 10).
pub(super) fn js_number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x == 0.0 {
        return "0".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    // Rust's `{:e}` gives the same shortest round-trip digits JS uses; only
    // the layout differs.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let n = exp.parse::<i64>().unwrap_or(0) + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        format!("{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let sign = if e >= 0 { "+" } else { "-" };
        let (first, rest) = digits.split_at(1);
        if rest.is_empty() {
            format!("{first}e{sign}{}", e.abs())
        } else {
            format!("{first}.{rest}e{sign}{}", e.abs())
        }
    };
    if x < 0.0 {
        format!("-{body}")
    } else {
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alea_matches_ts_fsrs() {
        // Values printed by ts-fsrs 5.4.2's own `alea(seed)()` under Node 20.
        assert_eq!(alea_first("1562381285520_1_0"), 0.346_937_190_042_808_65);
        assert_eq!(
            alea_first("1562416984480_3_4.885406806805"),
            0.621_049_411_362_037_1
        );
        assert_eq!(alea_first("abc"), 0.479_564_190_609_380_6);
        assert_eq!(alea_first(""), 0.166_657_774_243_503_8);
    }

    #[test]
    fn number_to_string_matches_js() {
        // Expected strings printed by Node's `String(x)`.
        let cases: [(f64, &str); 12] = [
            (1e-7, "1e-7"),
            (0.000001, "0.000001"),
            (1.5e-6, "0.0000015"),
            (123.456, "123.456"),
            (5.0, "5"),
            (1e21, "1e+21"),
            (2.3065 * 2.118_103_97, "4.885406806805"),
            (0.1 + 0.2, "0.30000000000000004"),
            (365_000.0, "365000"),
            (4.88575e-4 * 1.000_000_1, "0.0004885750488575001"),
            (-2.5, "-2.5"),
            (1.25e-10, "1.25e-10"),
        ];
        for (x, s) in cases {
            assert_eq!(js_number_to_string(x), s, "{x:e}");
        }
        assert_eq!(js_number_to_string(-0.0), "0");
        assert_eq!(js_number_to_string(f64::NAN), "NaN");
    }
}

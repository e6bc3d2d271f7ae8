import { afterEach, describe, expect, it } from 'vitest';
import { safeLocalStorage } from './safeLocalStorage';

const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');

afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'localStorage', original);
  else delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('safeLocalStorage', () => {
  it('gives the page storage when there is one', () => {
    const storage = { getItem: () => null } as unknown as Storage;
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: storage });
    expect(safeLocalStorage()).toBe(storage);
  });

  it('is undefined when access is denied or there is none', () => {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new DOMException('denied', 'SecurityError'); } });
    expect(safeLocalStorage()).toBeUndefined();
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: undefined });
    expect(safeLocalStorage()).toBeUndefined();
  });
});

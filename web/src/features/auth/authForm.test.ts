// Where a sign-in goes next: only a path of this origin, never one the URL parser folds into
// another host (issue 37; the server's twin is crates/writeit-server/src/identity/continue_url.rs).
import { describe, expect, it } from 'vitest';
import { destination } from './authForm';

describe('destination', () => {
  const origin = 'https://writeit.example';
  it.each([
    [null, '/home'],
    ['', '/home'],
    ['/decks/1?tab=cards', '/decks/1?tab=cards'],
    ['https://writeit.example/settings', '/settings'],
    ['/signin', '/home'],
    ['https://evil.example/', '/home'],
    ['//evil.example', '/home'],
    ['/\\evil.example', '/home'],
    ['/.//evil.example', '/home'],
    ['/decks/..//evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('%s → %s', (next, want) => {
    expect(destination(next, origin)).toBe(want);
  });
});

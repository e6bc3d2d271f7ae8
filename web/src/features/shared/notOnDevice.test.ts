// A link to a deck or an entry this device does not hold: what the page offers, by the server's
// answer and the language's state here.
import { describe, expect, it } from 'vitest';
import type { LanguageDownload } from '../../db/read/firstSync';
import { offerFor, type Lookup, type Offer } from './notOnDevice';

const el: Lookup = { status: 'found', language: 'el' };

describe('offerFor', () => {
  const cases: [what: string, lookup: Lookup, download: LanguageDownload, offer: Offer][] = [
    ['still asking', { status: 'looking' }, 'absent', 'looking'],
    ['offline', { status: 'unreachable' }, 'absent', 'unreachable'],
    ['no such live row', { status: 'found', language: null }, 'ready', 'gone'],
    ['a language not on this device', el, 'absent', 'add'],
    ['a language being added', el, 'downloading', 'downloading'],
    ['a language to add once online', el, 'waiting', 'waiting'],
    ['a language here whole: the row is on its way', el, 'ready', 'syncing'],
  ];
  it.each(cases)('%s', (_what, lookup, download, offer) => expect(offerFor(lookup, download)).toBe(offer));
});

// The About page lists every source of the data WriteIt holds: each `source` of the starter
// decks and character sets, and each source the importers write (Rust: the characters'
// conversions and the syllabus decks), names a source of the list and a licence it shows; and
// every source has its messages.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/messages/en-US.json';
import { DATA_SOURCES } from './sources';

const repo = join(__dirname, '../../../..');
const starter = join(repo, 'data/starter');

/** The `source` of every starter deck and character set. */
function starterSources(): string[] {
  const out: string[] = [];
  for (const dir of ['decks', 'characters']) {
    for (const f of readdirSync(join(starter, dir)).filter((f) => f.endsWith('.json'))) {
      const file = JSON.parse(readFileSync(join(starter, dir, f), 'utf8')) as { source?: string };
      if (typeof file.source === 'string') out.push(file.source);
    }
  }
  return out;
}

/** The string literals of the Rust importers that state a licence (continuation lines joined). */
function importerSources(): string[] {
  const files = ['characters/convert.rs', 'syllabus/hsk.rs', 'syllabus/jlpt.rs', 'syllabus/kana.rs'];
  return files.flatMap((f) => {
    const text = readFileSync(join(repo, 'crates/writeit-server/src', f), 'utf8').replace(/\\\n\s*/g, '');
    return [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!).filter((s) => /licen[cs]e: /i.test(s));
  });
}

const normal = (licence: string) => licence.toLowerCase().replace(/[\s-]/g, '');
const licences = new Set(DATA_SOURCES.flatMap((s) => [s.licence, ...(s.upstream ?? []).map((u) => u.licence)]).map((l) => normal(l.name)));

describe('the data sources', () => {
  const sources = [...starterSources(), ...importerSources()];

  it('finds the sources to check', () => {
    expect(starterSources().length).toBeGreaterThanOrEqual(20);
    // ZH_SOURCE, KANJIVG_SOURCE, the kana decks', HSK's and JLPT's.
    expect(importerSources().length).toBe(5);
  });

  it.each(sources.map((s) => [s]))('lists the source and licence of “%s”', (source) => {
    const named = DATA_SOURCES.filter((d) => d.mentions.some((m) => source.includes(m)));
    expect(named.length, 'no source of /about is named').toBeGreaterThan(0);
    const licence = /licen[cs]e: ([^(;]+)/i.exec(source)?.[1]?.trim() ?? '';
    expect(licences.has(normal(licence)), `licence "${licence}" is not shown`).toBe(true);
  });

  it('says what each source gives, and how WriteIt changed it where it did', () => {
    const messages = enUS as Record<string, string>;
    expect(new Set(DATA_SOURCES.map((s) => s.id)).size).toBe(DATA_SOURCES.length);
    for (const s of DATA_SOURCES) {
      expect(messages[s.uses], s.id).toBeTruthy();
      if (s.changes) expect(messages[s.changes], s.id).toBeTruthy();
      for (const url of [s.url, s.licence.url, ...(s.upstream ?? []).flatMap((u) => [u.url, u.licence.url])]) expect(url).toMatch(/^https:\/\//);
    }
  });
});

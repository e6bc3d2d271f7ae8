import { describe, expect, it } from 'vitest';
import { apiBase, deckFileName, dispositionFileName, importOutcome, readNdjson, TransferError } from './transfer';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('import transfer', () => {
  it('reads NDJSON lines split anywhere across chunks, the last without a newline', async () => {
    const seen: unknown[] = [];
    await readNdjson(streamOf(['{"phase":"parse","ro', 'ws":1000}\n{"phase":"save","rows":2}\n\n', '{"done":true,"deckId":"d"}']), (l) => seen.push(l));
    expect(seen).toEqual([{ phase: 'parse', rows: 1000 }, { phase: 'save', rows: 2 }, { done: true, deckId: 'd' }]);
  });

  it('reads the last line: what the import did, or every refused row', () => {
    const done = { done: true, deckId: 'd', deckTitle: 'W', deckCreated: true, deckEntries: 3, added: 3, entries: 0, reused: 3, skipped: 1, ms: 9, warnings: [] };
    expect(importOutcome(done)).toEqual({ deckId: 'd', deckTitle: 'W', deckCreated: true, deckEntries: 3, added: 3, entries: 0, reused: 3, skipped: 1, ms: 9, warnings: [] });
    const row = { line: 4, column: 'Hangul', field: 'text', reason: 'required', limit: null, message: 'text: is required' };
    const refused = { error: { message: '1 row is refused', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, rows: [row], moreRows: 2 } } };
    const e = (() => {
      try {
        importOutcome(refused);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(TransferError);
    expect(e).toMatchObject({ message: '1 row is refused', rows: [row], moreRows: 2 });
    expect(() => importOutcome({ phase: 'save', rows: 3 })).toThrow('the import stopped without finishing');
  });

  it('finds the API base next to the RPC endpoint', () => {
    expect(apiBase('/api/trpc')).toBe('/api');
    expect(apiBase('https://writeit.example/api/trpc/')).toBe('https://writeit.example/api');
  });
});

describe('export file names', () => {
  it.each([
    // The server's header for 한국어: 기초 "1" (crates import::export::content_disposition).
    [`attachment; filename="___ _1_.csv"; filename*=UTF-8''%ED%95%9C%EA%B5%AD%EC%96%B4_%20%EA%B8%B0%EC%B4%88%20_1_.csv`, '한국어_ 기초 _1_.csv'],
    [`attachment; filename*=UTF-8''%D0%A0%D1%83%D1%81%D1%81%D0%BA%D0%B8%D0%B9.apkg; filename="______.apkg"`, 'Русский.apkg'],
    [`attachment; filename="Korean basics.csv"`, 'Korean basics.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''%E0%A4%A`, 'fallback.csv'],
    ['inline', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });

  it.each([
    ['한국어 기초 1', 'csv', '한국어 기초 1.csv'],
    ['עברית / אותיות', 'apkg', 'עברית _ אותיות.apkg'],
    ['a<b>c:d|e?f*g"h\\i', 'csv', 'a_b_c_d_e_f_g_h_i.csv'],
    ['tab\there', 'csv', 'tab_here.csv'],
    ['   ', 'csv', 'deck.csv'],
  ] as const)('%s as %s → %s', (title, format, name) => {
    expect(deckFileName(title, format)).toBe(name);
  });
});

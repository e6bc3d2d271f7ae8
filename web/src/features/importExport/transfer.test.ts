import { describe, expect, it } from 'vitest';
import { apiBase, readNdjson } from './transfer';

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

  it('finds the API base next to the RPC endpoint', () => {
    expect(apiBase('/api/trpc')).toBe('/api');
    expect(apiBase('https://writeit.example/api/trpc/')).toBe('https://writeit.example/api');
  });
});

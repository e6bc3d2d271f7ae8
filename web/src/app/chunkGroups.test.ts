import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { isOneOf, missingModules, NAMED_CHUNKS } from './chunkGroups';

/** A bundle of chunks: file -> [chunk name, module ids]. */
function bundle(chunks: Record<string, [string, string[]]>): OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, [name, moduleIds]]) => [fileName, { type: 'chunk', fileName, name, moduleIds }]),
  ) as unknown as OutputBundle;
}

const CHUNKS = { data: ['src/db/db.ts', 'src/db/order.ts'], session: ['src/session/auth.ts'] };

describe('named chunks', () => {
  it('names files that exist', () => {
    for (const modules of Object.values(NAMED_CHUNKS)) {
      for (const m of modules) expect(existsSync(resolve(__dirname, '../..', m)), m).toBe(true);
    }
  });

  it('matches a module by its path from web/, on any platform, and nothing else', () => {
    expect(isOneOf('/w/web/src/db/db.ts', CHUNKS.data)).toBe(true);
    expect(isOneOf('C:\\w\\web\\src\\db\\order.ts', CHUNKS.data)).toBe(true);
    expect(isOneOf('/w/web/src/db/db.test.ts', CHUNKS.data)).toBe(false);
    expect(isOneOf('/w/web/src/xdb/db.ts', CHUNKS.data)).toBe(false);
  });

  it('reports each named module missing from its chunk', () => {
    const ok = bundle({
      'assets/data-1.js': ['data', ['/w/web/src/db/db.ts', '/w/web/src/db/order.ts']],
      'assets/session-2.js': ['session', ['/w/web/src/session/auth.ts']],
    });
    expect(missingModules(ok, CHUNKS)).toEqual([]);
    const moved = bundle({
      'assets/data-1.js': ['data', ['/w/web/src/db/db.ts']],
      'assets/order-3.js': ['order', ['/w/web/src/db/ordering.ts']],
    });
    expect(missingModules(moved, CHUNKS)).toEqual(['data/src/db/order.ts', 'session/src/session/auth.ts']);
  });
});

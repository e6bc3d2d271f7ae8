import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { MIN_BYTES, precompressDir, precompressPlugin } from './precompressPlugin';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes Brotli and gzip copies of the hashed text files that decode to the original, and leaves the rest alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
    writeFileSync(join(dir, 'assets/index-abc.js'), js);
    mkdirSync(join(dir, '_i18n/abc123/ko-KR'), { recursive: true });
    writeFileSync(join(dir, '_i18n/abc123/ko-KR/messages.json'), JSON.stringify({ words: js }));
    // Kept under their name across builds: a stale copy could outlive a change.
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>WriteIt</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'sw.js'), js);
    writeFileSync(join(dir, 'assets/index-abc.js.map'), js); // source maps: not served compressed
    writeFileSync(join(dir, 'assets/icon.png'), Buffer.alloc(4096)); // not text
    writeFileSync(join(dir, 'assets/tiny.js'), 'x'.repeat(MIN_BYTES - 1)); // too small to be worth it

    expect(await precompressDir(dir)).toBe(2);

    const br = readFileSync(join(dir, 'assets/index-abc.js.br'));
    const gz = readFileSync(join(dir, 'assets/index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
    expect(existsSync(join(dir, '_i18n/abc123/ko-KR/messages.json.br'))).toBe(true);
    for (const skipped of ['index.html', 'sw.js', 'assets/index-abc.js.map', 'assets/icon.png', 'assets/tiny.js']) {
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
  });

  it('runs as the build closes, unless WRITEIT_PRECOMPRESS=0 (the native app build)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/index-abc.js'), 'export const x = 1;\n'.repeat(200));
    const config = { root: dir, build: { outDir: '.', ssr: false, write: true }, logger: { info: () => {} } } as unknown as ResolvedConfig;
    const close = async (env: Record<string, string>) => {
      const plugin = precompressPlugin(env);
      (plugin.configResolved as (c: ResolvedConfig) => void)(config);
      await (plugin.closeBundle as { handler: () => Promise<void> }).handler();
    };
    await close({ WRITEIT_PRECOMPRESS: '0' });
    expect(existsSync(join(dir, 'assets/index-abc.js.br'))).toBe(false);
    await close({});
    expect(existsSync(join(dir, 'assets/index-abc.js.br'))).toBe(true);
  });
});

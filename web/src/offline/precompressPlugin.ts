// Build-time only (imported by vite.config.ts, never by the app): once the build and its service
// worker are written, puts a Brotli (quality 11) and a gzip (level 9) copy beside every
// compressible file, so `writeit serve` (ServeDir's precompressed files) sends the smallest
// encoding the browser accepts without compressing on each request. Brotli at its best is about
// 12% smaller than gzip on this build (make bench) but too slow to run per request. Node's zlib
// does the compressing; this only walks the output folder (no plugin needed for that).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Source maps are left alone (fetched only by developer tools). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its own request overhead (the server's live
 * compression uses the same threshold). */
export const MIN_BYTES = 1024;

/** The compressed copies of `data`: Brotli and gzip, each only when smaller than the original. */
export async function compressedCopies(data: Buffer): Promise<{ br?: Buffer; gz?: Buffer }> {
  const [b, g] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  return { br: b.length < data.length ? b : undefined, gz: g.length < data.length ? g : undefined };
}

/** Every compressible file under `dir` of at least MIN_BYTES, as full paths. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await compressibleFiles(path)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name) && (await stat(path)).size >= MIN_BYTES) out.push(path);
  }
  return out;
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns how many files. */
export async function precompressDir(dir: string): Promise<number> {
  const files = await compressibleFiles(dir);
  await Promise.all(
    files.map(async (path) => {
      const copies = await compressedCopies(await readFile(path));
      if (copies.br) await writeFile(`${path}.br`, copies.br);
      if (copies.gz) await writeFile(`${path}.gz`, copies.gz);
    }),
  );
  return files.length;
}

/** The Vite plugin: runs after every other plugin's closeBundle (the service worker is written
 * there), on client builds only. */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'writeit-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr || config.build.write === false) return;
        const dir = resolve(config.root, config.build.outDir);
        const count = await precompressDir(dir);
        config.logger.info(`precompressed ${count} files (.br, .gz)`);
      },
    },
  };
}

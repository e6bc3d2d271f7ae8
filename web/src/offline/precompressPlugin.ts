// Build-time only (imported by vite.config.ts, never by the app): once the build is written, puts
// a Brotli (quality 11) and a gzip (level 9) copy beside every compressible file whose name or
// folder carries its content hash (assets/, _i18n/), so `writeit serve` (ServeDir's precompressed
// files) sends the smallest encoding the browser accepts without compressing on each request.
// Brotli at its best is about 12% smaller than gzip on this build (make bench) but too slow to run
// per request. Files that keep their name across builds (index.html, sw.js) get no copies: a copy
// left behind by anything that changes the file in place would be served instead of it; the
// server compresses those small files as it sends them. Node's zlib does the compressing; this
// only walks the output folders (no plugin needed for that).
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

/** The build's folders whose files are named by their content. */
export const CONTENT_ADDRESSED_DIRS = ['assets', '_i18n'];

/** Writes `.br` and `.gz` beside each compressible file under `dir`'s content-addressed folders;
 * returns how many files. */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for (const sub of CONTENT_ADDRESSED_DIRS) {
    const path = join(dir, sub);
    if (await stat(path).then((s) => s.isDirectory(), () => false)) files.push(...(await compressibleFiles(path)));
  }
  await Promise.all(
    files.map(async (path) => {
      const copies = await compressedCopies(await readFile(path));
      if (copies.br) await writeFile(`${path}.br`, copies.br);
      if (copies.gz) await writeFile(`${path}.gz`, copies.gz);
    }),
  );
  return files.length;
}

/** The Vite plugin: runs after every other plugin's closeBundle, on client builds only; not when
 * WRITEIT_PRECOMPRESS=0 (the native app's build: its pages come from the APK, uncompressed, and
 * the copies would only make it larger; README-native.md). */
export function precompressPlugin(env: Record<string, string | undefined> = process.env): Plugin {
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
        if (config.build.ssr || config.build.write === false || env.WRITEIT_PRECOMPRESS === '0') return;
        const dir = resolve(config.root, config.build.outDir);
        const count = await precompressDir(dir);
        config.logger.info(`precompressed ${count} files (.br, .gz)`);
      },
    },
  };
}

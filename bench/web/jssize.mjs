// 3. Initial JavaScript: every <script type="module" src> (the entry, and the chunks of its graph
// evaluated before it, web/src/app/bootScriptsPlugin.ts) and every <link rel="modulepreload"> of
// web/dist/index.html, each file once, gzipped at level 9 (node zlib), summed; brotli (quality 11,
// what `writeit serve` sends to browsers that accept it) too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { webDir } from './lib.mjs';

const dist = process.argv[2] ?? join(webDir, 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [];
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const add = (src, kind) => {
    if (!files.some((f) => f.src === src)) files.push({ src, kind });
  };
  if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) add(attr('src'), 'module script');
  if (/^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href')) add(attr('href'), 'modulepreload');
}
let raw = 0;
let gz = 0;
let br = 0;
for (const f of files) {
  const buf = readFileSync(join(dist, f.src.replace(/^\//, '')));
  const g = gzipSync(buf, { level: 9 }).length;
  const b = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += buf.length;
  gz += g;
  br += b;
  console.log(`  ${f.src.padEnd(48)} ${f.kind.padEnd(13)} ${(buf.length / 1024).toFixed(1).padStart(7)} KiB raw ${(g / 1024).toFixed(1).padStart(7)} KiB gzip ${(b / 1024).toFixed(1).padStart(7)} KiB br`);
}
console.log(
  `RESULT initial JS (${files.length} files): ${(gz / 1024).toFixed(1)} KiB gzip -9 (${gz} bytes; target <= 150 KB = 150,000 bytes / 146.5 KiB);` +
    ` ${(raw / 1024).toFixed(1)} KiB raw, ${(br / 1024).toFixed(1)} KiB brotli`,
);

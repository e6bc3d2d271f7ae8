// Stroke matcher evaluation time per stroke (web/src/canvas/matcher.ts, target p95 <= 1 ms), and
// Hanzi Writer's matcher (the hanzi-writer devDependency) on the same Chinese strokes: in Node and
// in headless Chromium. The TypeScript is bundled on the fly with esbuild from web/node_modules.
//
// Workload: every starter character set (9 scripts) plus ~300 hanzi-writer-data characters when
// tools/characters/fetch.sh has fetched them (else zh-starter); per stroke four synthetic inputs
// (exact, jittered ±3% and scaled 0.8–1.2, reversed, the next stroke), densified to a point every
// 12 box units as pointer events would give. Each stroke is judged REPEAT times in a row and the
// mean taken (Chromium's clock is coarsened to 0.1 ms), after a warm-up pass; p50/p95/max are over
// strokes.
//
// Then the tolerance figures of src/canvas/matcher.tolerance.test.ts on the same Chinese characters
// and the ru, en and Korean jamo starter sets: at per-point wobble 0–5% of the box (with drift, scale
// and shift), wobbly correct strokes accepted and reversed, out-of-order and other strokes refused,
// by ours (alone and with the strokes before) and by Hanzi Writer's, 4 strokes a character.
//
//   node bench/web/matcher.mjs          (BENCH_MATCHER_BROWSER=0 skips Chromium,
//                                        BENCH_MATCHER_TOLERANCE=0 the tolerance figures)
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoDir, webDir } from './lib.mjs';

const requireFromWeb = createRequire(join(webDir, 'package.json'));
const esbuild = requireFromWeb('esbuild');
const REPEAT_NODE = Number(process.env.BENCH_MATCHER_REPEAT ?? 5);
const REPEAT_BROWSER = 20;
const BROWSER_STROKES = 2500;
const CHARACTERS = 300;

const work = mkdtempSync(join(tmpdir(), 'wimatcher.'));
try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function main() {
  const bundle = (entry, format, extra = {}) =>
    esbuild.buildSync({ entryPoints: [join(webDir, entry)], bundle: true, format, write: false, target: 'es2022', ...extra })
      .outputFiles[0].text;
  const matcherEsm = join(work, 'matcher.mjs');
  const syntheticEsm = join(work, 'synthetic.mjs');
  for (const [entry, outfile] of [['src/canvas/matcher.ts', matcherEsm], ['src/canvas/matcher.synthetic.ts', syntheticEsm]]) {
    esbuild.buildSync({ entryPoints: [join(webDir, entry)], bundle: true, format: 'esm', outfile, target: 'es2022' });
  }
  const { judgeStroke } = await import(pathToFileURL(matcherEsm).href);
  const syn = await import(pathToFileURL(syntheticEsm).href);
  const minified = bundle('src/canvas/matcher.ts', 'esm', { minify: true });
  const { gzipSync } = await import('node:zlib');
  const hwSource = readFileSync(requireFromWeb.resolve('hanzi-writer/dist/index.cjs.js'), 'utf8');
  const hw = syn.hanziWriterMatcher(hwSource);

  // --- workload
  const rand = syn.seeded(99);
  const cases = []; // { strokes, index, points, hz?: { char, points } }
  const addCharacter = (strokes, hzChar) => {
    const d = syn.randomDistortion(rand, strokes);
    strokes.forEach((s, i) => {
      const inputs = [syn.densify(s.median), syn.distort(syn.densify(s.median), d, rand), syn.densify(s.median).reverse()];
      if (strokes[i + 1]) inputs.push(syn.densify(strokes[i + 1].median));
      for (const points of inputs) {
        cases.push({ strokes, index: i, points, hz: hzChar ? { char: hzChar, points: syn.toHanziWriter(points).points } : null });
      }
    });
  };
  const setsDir = join(repoDir, 'data/starter/characters');
  const sets = ['ko-jamo', 'ja-kana', 'ja-starter', 'zh-starter', 'en', 'he', 'ru', 'el', 'ar'];
  let scriptChars = 0;
  for (const name of sets) {
    for (const c of JSON.parse(readFileSync(join(setsDir, `${name}.json`), 'utf8')).characters) {
      addCharacter(c.strokes.map((s) => ({ median: s.median })), null);
      scriptChars++;
    }
  }
  const fullDir = join(repoDir, 'tools/characters/node_modules/hanzi-writer-data');
  let hanzi = [];
  let hanziSource;
  if (existsSync(fullDir)) {
    const files = readdirSync(fullDir).filter((f) => /^[\u4e00-\u9fff]\.json$/u.test(f)).sort();
    const step = Math.max(1, Math.floor(files.length / CHARACTERS));
    hanzi = files.filter((_f, i) => i % step === 0).slice(0, CHARACTERS)
      .map((f) => ({ symbol: f.slice(0, -5), ...JSON.parse(readFileSync(join(fullDir, f), 'utf8')) }));
    hanziSource = `${hanzi.length} hanzi-writer-data characters`;
  } else {
    hanzi = JSON.parse(readFileSync(join(setsDir, 'zh-starter.json'), 'utf8')).characters.map((c) => ({
      symbol: c.value, strokes: c.strokes.map((s) => s.path), medians: c.strokes.map((s) => s.median.map(([x, y]) => [x, 900 - y])),
    }));
    hanziSource = `${hanzi.length} zh-starter characters (hanzi-writer-data not fetched)`;
  }
  const hzStart = cases.length;
  for (const c of hanzi) {
    const hwChar = hw.parseCharData(c.symbol, { strokes: c.strokes, medians: c.medians });
    addCharacter(c.medians.map((m) => ({ median: m.map(([x, y]) => [x, 900 - y]) })), hwChar);
  }
  const hzCases = cases.slice(hzStart);
  const meanPoints = cases.reduce((a, c) => a + c.points.length, 0) / cases.length;
  console.log(`workload: ${cases.length} strokes (${scriptChars} starter characters of 9 scripts + ${hanziSource}); ` +
    `${meanPoints.toFixed(0)} points per drawn stroke on average; matcher bundle ${(gzipSync(minified, { level: 9 }).length / 1024).toFixed(1)} KiB gzip (minified)`);

  // --- Node
  const timeAll = (list, fn, repeat) => {
    for (const c of list) fn(c); // warm-up (JIT)
    const out = new Float64Array(list.length);
    list.forEach((c, k) => {
      const t0 = performance.now();
      for (let r = 0; r < repeat; r++) fn(c);
      out[k] = (performance.now() - t0) / repeat;
    });
    return out;
  };
  const ours = (c) => judgeStroke(c.points, c.strokes, c.index);
  const theirs = (c) => hw.strokeMatches({ points: c.hz.points }, c.hz.char, c.index, { isOutlineVisible: true });
  const nodeAll = stats(timeAll(cases, ours, REPEAT_NODE));
  const nodeHz = stats(timeAll(hzCases, ours, REPEAT_NODE));
  const nodeHw = stats(timeAll(hzCases, theirs, 1));
  console.log(`Node ${process.version}: matcher, all strokes: ${fmt(nodeAll)}`);
  console.log(`Node: matcher, Chinese strokes:      ${fmt(nodeHz)}`);
  console.log(`Node: Hanzi Writer, same strokes:    ${fmt(nodeHw)}`);

  // --- Chromium
  let browser = null;
  if (process.env.BENCH_MATCHER_BROWSER !== '0') {
    try {
      browser = await browserFigures(bundle('src/canvas/matcher.ts', 'iife', { globalName: 'WriteItMatcher' }), hwSource, cases);
      console.log(`Chromium ${browser.version}: matcher, all strokes: ${fmt(browser.all)}`);
      console.log(`Chromium: matcher, Chinese strokes:      ${fmt(browser.hz)}`);
      console.log(`Chromium: Hanzi Writer, same strokes:    ${fmt(browser.hw)}`);
    } catch (e) {
      console.log(`(!) Chromium figures skipped: ${e.message.split('\n')[0]}`);
    }
  }
  let tolerance = '';
  if (process.env.BENCH_MATCHER_TOLERANCE !== '0') {
    const letters = ['ru', 'en', 'ko-jamo'].flatMap((name) =>
      JSON.parse(readFileSync(join(setsDir, `${name}.json`), 'utf8')).characters.map((c) => c.strokes.map((s) => ({ median: s.median }))),
    );
    const chinese = hanzi.map((c) => c.medians.map((m) => ({ median: m.map(([x, y]) => [x, 900 - y]) })));
    const figures = syn.toleranceFigures([[`Chinese: ${hanziSource}`, chinese], ['letters: ru, en, Korean jamo starter sets', letters]], hw, 4);
    console.log(syn.formatToleranceFigures(figures));
    const at = (group, kind) => figures.get(group).get(0.03).get(kind);
    const zh = (kind) => at(`Chinese: ${hanziSource}`, kind);
    const p = (k, n) => `${((100 * k) / n).toFixed(1)}%`;
    tolerance =
      `RESULT matcher tolerance, Chinese at 3% wobble: correct accepted ours ${p(zh('correct').ours, zh('correct').n)} ` +
      `vs Hanzi Writer ${p(zh('correct').theirs, zh('correct').n)}; reversed refused ${p(zh('reversed').n - zh('reversed').ours, zh('reversed').n)}, ` +
      `out of order refused ${p(zh('out of order').n - zh('out of order').ours, zh('out of order').n)} (targets: >= theirs - 2 points, >= 99%, >= 99%)`;
  }
  const ms = (x) => `${x.toFixed(3)} ms`;
  console.log(
    `RESULT stroke matcher per stroke p95: Node ${ms(nodeAll.p95)} (${nodeAll.n} strokes, 9 scripts + Chinese), ` +
      `Chinese ${ms(nodeHz.p95)} vs Hanzi Writer ${ms(nodeHw.p95)}` +
      (browser ? `; Chromium ${ms(browser.all.p95)}, Chinese ${ms(browser.hz.p95)} vs Hanzi Writer ${ms(browser.hw.p95)}` : '') +
      ' (target <= 1 ms)',
  );
  if (tolerance) console.log(tolerance);
}

function stats(xs) {
  const s = Array.from(xs).sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

function fmt(s) {
  return `p50 ${s.p50.toFixed(3)} ms, p95 ${s.p95.toFixed(3)} ms, max ${s.max.toFixed(3)} ms (${s.n} strokes)`;
}

/** The same timing in a blank headless Chromium page, on an even sample of ~BROWSER_STROKES strokes. */
async function browserFigures(matcherIife, hwSource, cases) {
  const { launch } = await import('./lib.mjs');
  const b = await launch();
  try {
    const page = await b.newPage();
    await page.setContent('<!doctype html><title>matcher</title>');
    await page.addScriptTag({ content: matcherIife });
    await page.addScriptTag({
      content:
        'window.HanziWriterMatcher = (function () { var module = { exports: {} }; var exports = module.exports;\n' +
        `${hwSource}\n;return { strokeMatches: strokeMatches, parseCharData: parseCharData }; })();`,
    });
    // Characters go across once, by index; strokes refer to them.
    const chars = [];
    const charIndex = new Map();
    const hzChars = [];
    const hzIndex = new Map();
    const every = Math.max(1, Math.ceil(cases.length / BROWSER_STROKES));
    const sample = cases.filter((_c, k) => k % every === 0);
    const payload = sample.map((c) => {
      if (!charIndex.has(c.strokes)) {
        charIndex.set(c.strokes, chars.length);
        chars.push(c.strokes);
      }
      let hz = -1;
      if (c.hz) {
        if (!hzIndex.has(c.hz.char)) {
          hzIndex.set(c.hz.char, hzChars.length);
          hzChars.push({ symbol: c.hz.char.symbol, medians: c.hz.char.strokes.map((s) => s.points.map((p) => [p.x, p.y])) });
        }
        hz = hzIndex.get(c.hz.char);
      }
      return { c: charIndex.get(c.strokes), i: c.index, p: c.points, hz, hp: c.hz ? c.hz.points : null };
    });
    const version = b.version();
    const result = await page.evaluate(
      ({ chars, hzChars, payload, repeat }) => {
        const M = window.WriteItMatcher;
        const H = window.HanziWriterMatcher;
        const hwChars = hzChars.map((c) => H.parseCharData(c.symbol, { strokes: c.medians.map(() => ''), medians: c.medians }));
        const time = (list, fn, rep) => {
          for (const c of list) fn(c);
          return list.map((c) => {
            const t0 = performance.now();
            for (let r = 0; r < rep; r++) fn(c);
            return (performance.now() - t0) / rep;
          });
        };
        const ours = (c) => M.judgeStroke(c.p, chars[c.c], c.i);
        const theirs = (c) => H.strokeMatches({ points: c.hp }, hwChars[c.hz], c.i, { isOutlineVisible: true });
        const hz = payload.filter((c) => c.hz >= 0);
        return { all: time(payload, ours, repeat), hz: time(hz, ours, repeat), hw: time(hz, theirs, 3) };
      },
      { chars, hzChars, payload, repeat: REPEAT_BROWSER },
    );
    return { version, all: stats(result.all), hz: stats(result.hz), hw: stats(result.hw) };
  } finally {
    await b.close();
  }
}

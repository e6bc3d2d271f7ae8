// 4. Lighthouse (bench/web/node_modules) on /home: each form factor in a fresh Chromium (Debian's,
// a throwaway profile, so a first visit: the app shell plus the full sync it starts), categories
// performance, accessibility, best-practices (+ pwa when this Lighthouse still has it; 12 removed
// it, see offline.mjs for the installability facts). Each form factor runs BENCH_WEB_LH_RUNS times
// (default 5, as Lighthouse's own guidance on variability advises: on this 2-core VM one run's
// performance score for the same build and data swings by up to 7 points, starter 92-97,
// catalogue 83-90), so the figure is Lighthouse's own median run (lib/median-run.js: closest to
// the median FCP and TTI),
// with every run's score and metrics printed. For the median run: the scores, the metrics, and
// every audit below 1 in accessibility and best-practices with the elements concerned. Its
// reports go to bench/web/results/ (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { benchDir, CHROMIUM, CHROMIUM_ARGS, serverUrl } from './lib.mjs';

const url = serverUrl();
const target = `${url}/home`;
// What the server holds (for the labels and file names): BENCH_WEB_LH_LABEL.
const label = process.env.BENCH_WEB_LH_LABEL ?? 'server';
const formFactors = (process.env.BENCH_WEB_LIGHTHOUSE ?? 'mobile,desktop').split(',').filter(Boolean);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_LH_RUNS ?? 5));
const version = JSON.parse(
  await import('node:fs').then((fs) => fs.readFileSync(join(benchDir, 'node_modules/lighthouse/package.json'), 'utf8')),
).version;
const categories = ['performance', 'accessibility', 'best-practices'];
const hasPwa = Boolean(defaultConfig.categories?.pwa);
if (hasPwa) categories.push('pwa');
const outDir = join(benchDir, 'results');
mkdirSync(outDir, { recursive: true });

console.log(`  Lighthouse ${version}; categories: ${categories.join(', ')}${hasPwa ? '' : ' (no PWA category in this version: see the installability line of the offline benchmark)'}`);

/** One Lighthouse run of form factor `ff` in a fresh Chromium; undefined (and a line) on failure. */
async function runOnce(ff) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--window-size=1350,940'],
    logLevel: 'silent',
  });
  try {
    return await lighthouse(
      target,
      { port: chrome.port, output: ['json', 'html'], logLevel: 'error', onlyCategories: categories },
      ff === 'desktop' ? desktopConfig : undefined,
    );
  } catch (e) {
    console.log(`  ${ff}: Lighthouse failed: ${String(e).split('\n')[0]}`);
    return undefined;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr, c) => (lhr.categories[c]?.score == null ? '-' : Math.round(lhr.categories[c].score * 100));
const metric = (lhr, id) => lhr.audits[id]?.displayValue ?? '-';

const summary = [];
for (const ff of formFactors) {
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await runOnce(ff);
    if (!result) continue;
    results.push(result);
    const r = result.lhr;
    console.log(
      `  ${ff} run ${run}/${RUNS}: performance ${score(r, 'performance')} (FCP ${metric(r, 'first-contentful-paint')},` +
        ` LCP ${metric(r, 'largest-contentful-paint')}, TBT ${metric(r, 'total-blocking-time')}, CLS ${metric(r, 'cumulative-layout-shift')})`,
    );
  }
  if (results.length === 0) continue;
  const lhr = computeMedianRun(results.map((r) => r.lhr));
  const [json, html] = results.find((r) => r.lhr === lhr).report;
  writeFileSync(join(outDir, `lighthouse-${label}-${ff}.json`), json);
  writeFileSync(join(outDir, `lighthouse-${label}-${ff}.html`), html);
  const scores = Object.fromEntries(categories.map((c) => [c, score(lhr, c)]));
  const perf = results.map((r) => score(r.lhr, 'performance')).filter((x) => x !== '-');
  // Lighthouse's median run is the one nearest the median FCP and TTI, not the median score: both are printed.
  const middle = [...perf].sort((x, y) => x - y)[Math.floor((perf.length - 1) / 2)];
  const range = perf.length > 1 ? ` (performance over ${perf.length} runs: ${Math.min(...perf)}-${Math.max(...perf)}, median score ${middle})` : '';
  summary.push({ ff, scores, range });
  const a = lhr.audits;
  console.log(
    `  ${ff}, median of ${results.length} run(s) (${lhr.configSettings.throttlingMethod} throttling, CPU x${lhr.configSettings.throttling?.cpuSlowdownMultiplier}):` +
      ` ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}${range}`,
  );
  console.log(
    `    metrics: FCP ${metric(lhr, 'first-contentful-paint')}, LCP ${metric(lhr, 'largest-contentful-paint')}, TBT ${metric(lhr, 'total-blocking-time')},` +
      ` CLS ${metric(lhr, 'cumulative-layout-shift')}, Speed Index ${metric(lhr, 'speed-index')}` +
      `${lhr.runWarnings?.length ? `; warnings: ${lhr.runWarnings.join(' | ').slice(0, 300)}` : ''}`,
  );
  const boot = (a['bootup-time']?.details?.items ?? []).slice(0, 4);
  const longTasks = a['long-tasks']?.details?.items ?? [];
  console.log(
    `    main thread: ${a['mainthread-work-breakdown']?.displayValue ?? '-'} in all; JS execution by script: ` +
      boot.map((i) => `${i.url.replace(url, '')} ${Math.round(i.scripting)} ms`).join(', ') +
      `; ${longTasks.length} long tasks${longTasks.length ? ` (longest ${Math.round(Math.max(...longTasks.map((t) => t.duration)))} ms)` : ''}`,
  );
  for (const c of ['performance', 'accessibility', 'best-practices']) {
    const failing = (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => (c !== 'performance' || r.group !== 'metrics') && a[r.id] && a[r.id].score !== null && a[r.id].score < (c === 'performance' ? 0.9 : 1))
      .filter((r) => !['notApplicable', 'informative', 'manual'].includes(a[r.id].scoreDisplayMode))
      .filter((r) => c !== 'performance' || r.weight > 0 || a[r.id].details?.overallSavingsMs > 0);
    if (failing.length === 0) continue;
    console.log(`    ${c}: ${failing.length} audit(s) not passed:`);
    for (const r of failing) {
      const audit = a[r.id];
      console.log(`      - ${r.id} (weight ${r.weight}, score ${audit.score}): ${audit.title}${audit.displayValue ? ` [${audit.displayValue}]` : ''}`);
      if (c === 'performance') continue;
      for (const item of (audit.details?.items ?? []).slice(0, 8)) {
        const node = item.node ?? item.source ?? item;
        const what = node.selector ?? node.url ?? item.url ?? item.description ?? '';
        const snippet = node.snippet ? ` ${node.snippet.slice(0, 160)}` : '';
        const why = node.explanation ? `\n          ${node.explanation.replace(/\n\s*/g, ' ').slice(0, 300)}` : '';
        console.log(`        ${what}${snippet}${why}`);
      }
    }
  }
}
console.log(
  `RESULT Lighthouse ${version} on /home (${label}), median of ${RUNS} run(s): ` +
    `${summary.map((s) => `${s.ff}: ${Object.entries(s.scores).map(([c, v]) => `${c} ${v}`).join(', ')}${s.range}`).join('; ')}` +
    ` (targets: performance >= 95, accessibility >= 95)`,
);
console.log(`  full reports: ${outDir}/lighthouse-${label}-{${formFactors.join(',')}}.{html,json}`);

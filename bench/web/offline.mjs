// 2. Warm offline start: one online visit (the service worker installs and claims the page, the
// sync fills IndexedDB) that opens /home, then /decks for a few seconds, as a learner would; then
// the context goes offline and each of N new pages opens /decks. Two times from navigation start,
// checked on every animation frame (performance.now() in the page): the first deck title painted
// (in the document with a non-empty box: the last visit's snapshot of the page, app/snapshot, or
// the live page), and the first deck title of the live page (in #root, the snapshot taken down);
// plus the wall time from page.goto.
// Also the installability facts that Lighthouse 12 no longer scores (its PWA category is gone):
// the manifest (CDP Page.getAppManifest / getInstallabilityErrors), icons 192 and 512, a service
// worker controlling the page, and start_url loading offline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, chromium, countRows, median, ms, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const RUNS = Number(process.env.BENCH_WEB_OFFLINE_RUNS ?? 5);
// A deck title: the primary text of a list item linking to /decks/:id.
const DECK_TITLE = 'a[href^="/decks/"].MuiListItemButton-root .MuiListItemText-primary';
const LIVE_DECK_TITLE = `#root ${DECK_TITLE}`;
/** How long the warm-up visit shows /decks (ms): the page is kept once it has settled. */
const DECKS_VISIT_MS = 3000;

// A persistent (non-incognito) profile, as an installed app would have: Chromium refuses to call
// an incognito profile installable.
const profile = mkdtempSync(join(tmpdir(), 'writeit-bench-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
  headless: true,
  locale: 'en-US',
});
// Every page records when (performance.now(), checked each animation frame) the shell's page
// heading (h1) and the first deck title first appear.
await context.addInitScript(
  ([sel, live]) => {
    const marks = (window.__benchMarks = {});
    const tick = () => {
      const now = performance.now();
      if (marks.h1 === undefined && document.querySelector('main h1, h1')) marks.h1 = now;
      if (marks.deck === undefined && document.querySelector(sel)) marks.deck = now;
      if (marks.live === undefined && document.querySelector(live) && !document.getElementById('snapshot')) marks.live = now;
      if (marks.live === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  [DECK_TITLE, LIVE_DECK_TITLE],
);
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/home`);
  await waitForLastSync(page, 120_000);
  // clientsClaim: the first visit is controlled once the worker activates.
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 })
    .then(() => true, () => false);
  const counts = await countRows(page);
  await page.goto(`${url}/decks`);
  await page.waitForSelector(LIVE_DECK_TITLE, { timeout: 30_000 });
  await page.waitForTimeout(DECKS_VISIT_MS);
  const snapshots = await page.evaluate(() => {
    try {
      return JSON.parse(localStorage.getItem('pageSnapshots') ?? '[]').map((s) => `${s.path} (${s.html.length} chars)`);
    } catch {
      return [];
    }
  });
  console.log(
    `  warm-up visit: synced (decks ${counts.decks}, entries ${counts.entries}), service worker controlling: ${controlled};` +
      ` then /decks for ${DECKS_VISIT_MS / 1000} s; page snapshots kept: ${snapshots.join(', ') || 'none'}`,
  );

  // ---- installability ----
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest').catch((e) => ({ error: String(e) }));
  const installability = await cdp.send('Page.getInstallabilityErrors').catch((e) => ({ error: String(e) }));
  let parsed;
  try {
    parsed = JSON.parse(manifest.data ?? 'null');
  } catch {
    parsed = null;
  }
  const icons = parsed?.icons ?? [];
  const hasIcon = (size) =>
    icons.some((i) => (i.sizes ?? '').split(/\s+/).includes(`${size}x${size}`) && (i.purpose ?? 'any').split(/\s+/).includes('any'));
  const iconOk = {};
  for (const size of [192, 512]) {
    const icon = icons.find((i) => (i.sizes ?? '').split(/\s+/).includes(`${size}x${size}`));
    if (!icon) {
      iconOk[size] = 'missing';
      continue;
    }
    const res = await context.request.get(new URL(icon.src, `${url}/`).href);
    iconOk[size] = `${icon.src} ${res.status()} ${res.headers()['content-type'] ?? ''}`;
  }
  const startUrl = new URL(parsed?.start_url ?? '/', `${url}/`).href;
  console.log(
    `  manifest: ${manifest.url ?? '-'} ${parsed ? 'parsed' : 'MISSING/unparsable'}; name "${parsed?.name}", display ${parsed?.display},` +
      ` start_url ${parsed?.start_url}, icons: 192 ${hasIcon(192) ? 'yes' : 'NO'} (${iconOk[192]}), 512 ${hasIcon(512) ? 'yes' : 'NO'} (${iconOk[512]})` +
      `${manifest.errors?.length ? `; manifest errors: ${JSON.stringify(manifest.errors)}` : ''}`,
  );
  const instErrors = installability.installabilityErrors ?? [];
  console.log(
    `  Chromium installability errors (Page.getInstallabilityErrors): ${installability.error ? installability.error : instErrors.length === 0 ? 'none' : JSON.stringify(instErrors)}`,
  );
  await page.close();

  // ---- warm offline starts ----
  await context.setOffline(true);
  const times = [];
  const liveTimes = [];
  for (let run = 1; run <= RUNS; run++) {
    const p = await context.newPage();
    const wall0 = Date.now();
    let t;
    let wall;
    let title;
    let error;
    try {
      await p.goto(`${url}/decks`, { waitUntil: 'commit', timeout: 30_000 });
      t = await (
        await p.waitForFunction(
          (sel) => {
            const el = document.querySelector(sel);
            if (!el || !el.textContent) return false;
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 ? performance.now() : false;
          },
          DECK_TITLE,
          { polling: 'raf', timeout: 30_000 },
        )
      ).jsonValue();
      wall = Date.now() - wall0;
      title = await p.textContent(DECK_TITLE);
      // The live page, once it has taken the snapshot down.
      await p.waitForFunction(() => window.__benchMarks?.live !== undefined, undefined, { timeout: 30_000 });
    } catch (e) {
      error = String(e).split('\n')[0];
    }
    const nav = await p
      .evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0];
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {
          h1: window.__benchMarks?.h1,
          live: window.__benchMarks?.live,
          deck: window.__benchMarks?.deck,
          committed: performance.getEntriesByName('live-committed')[0]?.startTime,
          released: performance.getEntriesByName('snapshot-released')[0]?.startTime,
          snapshot: window.__benchMarks?.deck !== undefined && window.__benchMarks?.deck < (window.__benchMarks?.live ?? Infinity),
          responseEnd: n?.responseEnd,
          dcl: n?.domContentLoadedEventEnd,
          fcp: fcp?.startTime,
          controlled: navigator.serviceWorker?.controller != null,
          online: navigator.onLine,
        };
      })
      .catch(() => ({}));
    // The in-page marks (set on the first animation frame that has the title, from the document's
    // start) are exact; Playwright's polling above starts only once its script is in the page.
    if (t !== undefined) times.push(nav.deck ?? t);
    if (nav.live !== undefined) liveTimes.push(nav.live);
    console.log(
      `  run ${run}: first deck title ${t === undefined ? `NOT shown (${error})` : `at ${ms(nav.deck ?? t)}`} after navigation start` +
        ` (${nav.snapshot ? 'the snapshot' : 'the live page'}); live page's at ${ms(nav.live ?? NaN)}` +
        ` (first commit ${ms(nav.committed ?? NaN)}, snapshot down ${ms(nav.released ?? NaN)})` +
        ` (Playwright's polling saw it at ${ms(t ?? NaN)}; wall from goto: ${wall === undefined ? '-' : ms(wall)}; document from SW at ${ms(nav.responseEnd ?? NaN)},` +
        ` DOMContentLoaded ${ms(nav.dcl ?? NaN)}, FCP ${ms(nav.fcp ?? NaN)}, page heading ${ms(nav.h1 ?? NaN)}; navigator.onLine=${nav.online}, controlled=${nav.controlled})` +
        `${title ? ` "${title.slice(0, 40)}"` : ''}`,
    );
    await p.close();
  }

  // ---- start_url offline ----
  const s = await context.newPage();
  let startOk = false;
  let startNote = '';
  try {
    const res = await s.goto(startUrl, { timeout: 15_000 });
    const rendered = await s
      .waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 })
      .then(() => true, () => false);
    startOk = !!res && res.status() === 200 && rendered;
    startNote = `status ${res?.status()}, from service worker: ${res?.fromServiceWorker()}, app rendered: ${rendered}, lands on ${new URL(s.url()).pathname}`;
  } catch (e) {
    startNote = String(e).split('\n')[0];
  }
  await s.close();
  await context.setOffline(false);
  console.log(`  start_url (${startUrl}) offline: ${startOk ? 'works' : 'FAILS'} (${startNote})`);

  const med = median(times);
  const liveMed = median(liveTimes);
  console.log(
    `RESULT warm offline start to first deck title: ${times.map(ms).join(', ')}; median ${Number.isNaN(med) ? '-' : ms(med)} (target <= 500 ms)` +
      `; the live page's first deck title: median ${Number.isNaN(liveMed) ? '-' : ms(liveMed)} (${liveTimes.map(ms).join(', ')})`,
  );
  console.log(
    `RESULT installability: manifest ${parsed ? 'present' : 'MISSING'}, icons 192 ${hasIcon(192) ? 'yes' : 'NO'} / 512 ${hasIcon(512) ? 'yes' : 'NO'},` +
      ` service worker controlling ${controlled ? 'yes' : 'NO'}, start_url offline ${startOk ? 'yes' : 'NO'},` +
      ` Chromium installability errors: ${installability.error ? 'n/a' : instErrors.length === 0 ? 'none' : instErrors.map((e) => e.errorId).join(', ')}`,
  );
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

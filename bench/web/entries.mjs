// 5. Time to open /entries with the catalogue's 50,000 entries in IndexedDB (target <= 300 ms).
// One visit of /home syncs the catalogue; then, in the same context:
//   - fresh load: N new pages open /entries; navigation start (performance.now() = 0) until the
//     first entry row is in the document with a non-empty box, checked on every animation frame;
//   - client-side: on a loaded /home, a click on the app bar's "Entries" link; from the click
//     until the first entry row is painted (same check), then back to /home by its link, N times
//     (the first includes loading the page's code, reported apart).
// Each run also reports when the list held all rows (the status line "N entries"). Times are of
// the live page (#root): a fresh load that first paints the last visit's snapshot of /entries
// (app/snapshot) reports when that was painted too.
import { CHROMIUM, CHROMIUM_ARGS, chromium, countRows, median, ms, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const RUNS = Number(process.env.BENCH_WEB_ENTRIES_RUNS ?? 5);
// The primary text of an entry row: a link to /entries/:id inside the list named "Entries".
const ROW = '#root ul[aria-label="Entries"] a[href^="/entries/"] .MuiListItemText-primary';
const SNAPSHOT_ROW = '#snapshot ul[aria-label="Entries"] a[href^="/entries/"] .MuiListItemText-primary';

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const context = await browser.newContext({ locale: 'en-US' });
// Every page records the first animation frame with a snapshot's entry row.
await context.addInitScript((sel) => {
  const tick = () => {
    if (document.querySelector(sel)) window.__snapshotRow = performance.now();
    else if (document.readyState !== 'complete' || performance.now() < 5000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}, SNAPSHOT_ROW);
try {
  const page = await context.newPage();
  await page.goto(`${url}/home`);
  await waitForLastSync(page, 180_000);
  const counts = await countRows(page);
  console.log(`  warm-up visit: synced (entries ${counts.entries}, decks ${counts.decks})`);
  await page.close();

  // ---- fresh loads ----
  const fresh = [];
  for (let run = 1; run <= RUNS; run++) {
    const p = await context.newPage();
    let t;
    let all;
    try {
      await p.goto(`${url}/entries`, { waitUntil: 'commit', timeout: 30_000 });
      t = await (
        await p.waitForFunction(
          (sel) => {
            const el = document.querySelector(sel);
            if (!el || !el.textContent) return false;
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 ? performance.now() : false;
          },
          ROW,
          { polling: 'raf', timeout: 30_000 },
        )
      ).jsonValue();
      all = await (
        await p.waitForFunction(
          () => {
            const s = [...document.querySelectorAll('[role="status"]')].find((e) => /^[\d,]+ entries$/.test(e.textContent ?? ''));
            return s ? { at: performance.now(), text: s.textContent } : false;
          },
          undefined,
          { polling: 'raf', timeout: 30_000 },
        )
      ).jsonValue();
    } catch (e) {
      console.log(`  fresh load ${run}: FAILED (${String(e).split('\n')[0]})`);
    }
    const fcp = await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime).catch(() => undefined);
    const shot = await p.evaluate(() => window.__snapshotRow).catch(() => undefined);
    if (t !== undefined) {
      fresh.push(t);
      console.log(
        `  fresh load ${run}: first entry row at ${ms(t)} after navigation start (FCP ${fcp === undefined ? '-' : ms(fcp)};` +
          `${shot === undefined ? '' : ` the snapshot's at ${ms(shot)};`}` +
          ` whole list "${all?.text ?? '?'}" at ${all ? ms(all.at) : '-'})`,
      );
    }
    await p.close();
  }

  // ---- client-side navigations ----
  const p = await context.newPage();
  await p.goto(`${url}/home`);
  // The live page's link (a snapshot's is inert).
  await p.waitForSelector('#root a[href="/entries"]', { timeout: 30_000 });
  await p.waitForFunction(() => !document.getElementById('snapshot'), undefined, { timeout: 30_000 });
  const client = [];
  for (let run = 0; run <= RUNS; run++) {
    const r = await p.evaluate(
      (sel) =>
        new Promise((resolve) => {
          const link = [...document.querySelectorAll('#root a[href="/entries"]')].find((a) => a.getBoundingClientRect().width > 0);
          const t0 = performance.now();
          link.click();
          const tick = () => {
            const el = document.querySelector(sel);
            const box = el?.getBoundingClientRect();
            if (el && el.textContent && box.width > 0 && box.height > 0) resolve(performance.now() - t0);
            else if (performance.now() - t0 > 30_000) resolve(null);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      ROW,
    );
    console.log(`  client-side ${run === 0 ? 'first (loads the page code)' : `run ${run}`}: first entry row ${r === null ? 'NOT shown' : `at ${ms(r)}`} after the click`);
    if (run > 0 && r !== null) client.push(r);
    // Back to /home through its link, and let the home page settle.
    await p.evaluate(() => [...document.querySelectorAll('#root a[href="/home"]')].find((a) => a.getBoundingClientRect().width > 0)?.click());
    await p.waitForURL(/\/home$/);
    await p.waitForTimeout(500);
  }
  const mf = median(fresh);
  const mc = median(client);
  console.log(
    `RESULT open /entries (${counts.entries} entries), to the first entry row: fresh load median ${Number.isNaN(mf) ? '-' : ms(mf)}` +
      ` (${fresh.map(ms).join(', ')}); client-side median ${Number.isNaN(mc) ? '-' : ms(mc)} (${client.map(ms).join(', ')}) (target <= 300 ms)`,
  );
} finally {
  await context.close();
  await browser.close();
}

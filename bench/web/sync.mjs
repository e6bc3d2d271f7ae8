// 1. Cold full sync in headless Chromium: a fresh browser context opens /home; the time from
// navigation start (performance.timeOrigin) until the sync engine stores localStorage.lastSync,
// then the rows in IndexedDB `writeit`. Bytes: every response the context received (the page's and
// its service worker's), body as encoded on the wire plus headers (Playwright request.sizes()),
// and the page's own resource-timing transferSize as a cross-check.
import { countRows, kib, launch, median, mib, ms, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const RUNS = Number(process.env.BENCH_WEB_SYNC_RUNS ?? 3);
const MIN = { entries: 50_000, decks: 500, characters: 10_000 };

const browser = await launch();
const results = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ locale: 'en-US' });
    const sizes = [];
    context.on('requestfinished', (req) => {
      sizes.push(
        req.sizes().then(
          (s) => ({
            url: req.url(),
            sw: req.serviceWorker() !== null,
            body: s.responseBodySize,
            head: s.responseHeadersSize,
            fromSw: false,
          }),
          () => null,
        ),
      );
    });
    const page = await context.newPage();
    const wall0 = Date.now();
    await page.goto(`${url}/home`, { waitUntil: 'commit' });
    let syncedAt;
    let error;
    try {
      syncedAt = await waitForLastSync(page, 120_000);
    } catch (e) {
      error = String(e).split('\n')[0];
    }
    const wall = Date.now() - wall0;
    const counts = await countRows(page).catch(() => ({}));
    const resources = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
      let transfer = 0;
      let api = 0;
      let apiRequests = 0;
      let first = Infinity;
      let last = 0;
      let inFlight = 0;
      let waiting = 0;
      for (const e of entries) {
        transfer += e.transferSize;
        if (new URL(e.name).pathname.startsWith('/api/')) {
          api += e.transferSize;
          apiRequests++;
          first = Math.min(first, e.startTime);
          last = Math.max(last, e.responseEnd);
          inFlight += e.responseEnd - e.startTime;
          if (e.responseStart > 0 && e.requestStart > 0) waiting += e.responseStart - e.requestStart;
        }
      }
      return { transfer, api, apiRequests, first, last, inFlight, waiting, n: entries.length };
    });
    // Give in-flight service-worker precache requests a moment to finish before counting.
    await page.waitForTimeout(300);
    const rows = (await Promise.all(sizes)).filter(Boolean);
    const sum = (xs) => xs.reduce((a, r) => a + r.body + Math.max(0, r.head), 0);
    const isApi = (r) => new URL(r.url).pathname.startsWith('/api/');
    const pageRows = rows.filter((r) => !r.sw);
    const swRows = rows.filter((r) => r.sw);
    const r = {
      run,
      syncMs: syncedAt,
      wall,
      error,
      counts,
      bytesAll: sum(rows),
      bytesApi: sum(pageRows.filter(isApi)),
      apiRequests: pageRows.filter(isApi).length,
      bytesPageStatic: sum(pageRows.filter((x) => !isApi(x))),
      bytesSw: sum(swRows),
      swRequests: swRows.length,
      rtTransfer: resources.transfer,
      rtApi: resources.api,
      res: resources,
    };
    results.push(r);
    const ok = Object.entries(MIN).every(([t, n]) => (counts[t] ?? 0) >= n);
    console.log(
      `  run ${run}: sync finished ${syncedAt === undefined ? `NOT within 120 s (${error})` : ms(syncedAt)} after navigation start` +
        ` (wall from goto: ${ms(wall)}); rows: entries ${counts.entries ?? '-'}, decks ${counts.decks ?? '-'},` +
        ` characters ${counts.characters ?? '-'}, languages ${counts.languages ?? '-'}${ok ? '' : '  (!) fewer rows than expected'}`,
    );
    console.log(
      `         bytes received: ${mib(r.bytesAll)} total = API ${mib(r.bytesApi)} (${r.apiRequests} requests)` +
        ` + page static ${kib(r.bytesPageStatic)} + service-worker precache ${kib(r.bytesSw)} (${r.swRequests} requests);` +
        ` resource-timing transferSize (page only): ${mib(r.rtTransfer)}, of it API ${mib(r.rtApi)}`,
    );
    const x = resources;
    if (x.apiRequests > 0 && syncedAt !== undefined) {
      console.log(
        `         where the time goes: app start until the first API request ${ms(x.first)};` +
          ` API requests in flight ${ms(x.inFlight)} in all (of it waiting for the first byte ${ms(x.waiting)});` +
          ` between requests (client: decode, bulkPut into IndexedDB, state updates) ${ms(x.last - x.first - x.inFlight)};` +
          ` last response to lastSync ${ms(syncedAt - x.last)}`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
}
const times = results.map((r) => r.syncMs).filter((x) => typeof x === 'number');
const med = median(times);
console.log(
  `RESULT cold full sync: ${results.map((r) => (r.syncMs === undefined ? 'timeout' : ms(r.syncMs))).join(', ')};` +
    ` median ${Number.isNaN(med) ? '-' : ms(med)} (target <= 3000 ms)` +
    `; bytes per cold visit: ${mib(median(results.map((r) => r.bytesAll)))} (API ${mib(median(results.map((r) => r.bytesApi)))})`,
);

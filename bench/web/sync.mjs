// 1. Cold full sync in headless Chromium: a fresh browser context opens /home; the time from
// navigation start (performance.timeOrigin) until the sync engine stores localStorage.lastSync,
// then the rows in IndexedDB `writeit`. Bytes: every response the context received (the page's and
// its service worker's), body as encoded on the wire plus headers (Playwright request.sizes()),
// and the page's own resource-timing transferSize as a cross-check.
// The floor: the same rows, pulled with the same pages over the same HTTP, put by plain IndexedDB
// into a new database with the app's object stores and indexes, timed from the database's creation
// (the app creates its own too) to the last commit; app and floor runs alternate, and the ratio is
// the median of each app run's time over the floor run after it.
import { countRows, kib, LAST_SYNC_PROBE, launch, median, mib, ms, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const RUNS = Number(process.env.BENCH_WEB_SYNC_RUNS ?? 3);
const MIN = { entries: 50_000, decks: 500, characters: 10_000 };
const floors = [];

/** The app's object stores (name, key path, key generator, indexes), every one of them, read from
 * its database in the page. */
function readSchema(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const stores = names.map((name) => {
            const s = tx.objectStore(name);
            const indexes = [...s.indexNames].map((i) => {
              const x = s.index(i);
              return { name: i, keyPath: x.keyPath, multiEntry: x.multiEntry, unique: x.unique };
            });
            return { name, keyPath: s.keyPath, autoIncrement: s.autoIncrement, indexes };
          });
          db.close();
          resolve(stores);
        };
      }),
  );
}

/** In the page: create a database with the app's stores, pull the public tables page by page (as
 * the app does: 5000 rows, characters 1000, the next page asked for while one is put) and put each
 * page's rows in one readwrite transaction of plain IndexedDB. */
async function rawPull(stores) {
  const t0 = performance.now();
  const open = indexedDB.open(`floor-${Math.random()}`, 1);
  open.onupgradeneeded = () => {
    for (const s of stores) {
      const os = open.result.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement });
      for (const i of s.indexes) os.createIndex(i.name, i.keyPath, { multiEntry: i.multiEntry, unique: i.unique });
    }
  };
  const db = await new Promise((res, rej) => {
    open.onsuccess = () => res(open.result);
    open.onerror = () => rej(open.error);
  });
  const procs = { languages: 'queryLanguages', decks: 'queryDecks', entries: 'queryEntries', characters: 'queryCharacters' };
  const opened = performance.now() - t0;
  let fetchMs = 0;
  let putMs = 0;
  let rows = 0;
  const pending = [];
  // The next page is asked for while this one is put, as the app does.
  const get = async (proc, input) => {
    const res = await fetch(`/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`);
    return (await res.json()).result.data;
  };
  for (const s of Object.keys(procs).map((name) => ({ name }))) {
    const limit = s.name === 'characters' ? 1000 : 5000;
    let next = get(procs[s.name], { offset: 0, limit });
    for (;;) {
      const f0 = performance.now();
      const page = await next;
      const p0 = performance.now();
      fetchMs += p0 - f0;
      const full = page.length >= limit;
      if (full) {
        const last = page[page.length - 1];
        next = get(procs[s.name], { offset: 0, after: { updatedAt: last.updatedAt, id: last.id }, limit });
      }
      const tx = db.transaction([s.name], 'readwrite');
      const os = tx.objectStore(s.name);
      for (const r of page) os.put(r);
      putMs += performance.now() - p0;
      pending.push(new Promise((res, rej) => ((tx.oncomplete = res), (tx.onerror = () => rej(tx.error)))));
      rows += page.length;
      if (!full) break;
    }
  }
  const w0 = performance.now();
  await Promise.all(pending);
  const wait = performance.now() - w0;
  db.close();
  return { total: performance.now() - t0, opened, fetch: fetchMs, put: putMs, wait, rows };
}

/** One floor run in a fresh context (after the app run it is compared with). */
async function floorRun(browser, run, schema) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${url}/healthz`);
  const f = await page.evaluate(rawPull, schema);
  console.log(
    `  floor ${run}: plain IndexedDB ${ms(f.total)} for ${f.rows} rows (${(f.total * 1000 / f.rows).toFixed(0)} µs a row):` +
      ` creating the database ${ms(f.opened)}, waiting for pages ${ms(f.fetch)}, put calls ${ms(f.put)}, waiting for the transactions ${ms(f.wait)}`,
  );
  await context.close();
  return f;
}

/** Every public page asked once before the timed runs, so the first run does not pay for reading
 * the server's database into memory while the runs after it (and the floors) do not. */
async function warmServer() {
  const procs = { queryLanguages: 5000, queryDecks: 5000, queryEntries: 5000, queryCharacters: 1000 };
  for (const [proc, limit] of Object.entries(procs)) {
    let input = { offset: 0, limit };
    for (;;) {
      const res = await fetch(`${url}/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      const page = (await res.json()).result.data;
      if (page.length < limit) break;
      const last = page[page.length - 1];
      input = { offset: 0, after: { updatedAt: last.updatedAt, id: last.id }, limit };
    }
  }
}

await warmServer();
const browser = await launch();
const results = [];
let schema;
try {
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(LAST_SYNC_PROBE);
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
      syncedAt = await waitForLastSync(page, 120_000, { probed: true });
    } catch (e) {
      error = String(e).split('\n')[0];
    }
    const wall = Date.now() - wall0;
    const counts = await countRows(page).catch(() => ({}));
    schema ??= await readSchema(page).catch(() => undefined);
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
    // The floor right after it: the machine's pace drifts less between the two of a pair.
    if (schema) floors.push({ ...(await floorRun(browser, run, schema)), app: syncedAt });
  }
} finally {
  await browser.close();
}
const times = results.map((r) => r.syncMs).filter((x) => typeof x === 'number');
const med = median(times);
const ratios = floors.filter((f) => typeof f.app === 'number').map((f) => f.app / f.total);
console.log(
  `RESULT cold full sync: ${results.map((r) => (r.syncMs === undefined ? 'timeout' : ms(r.syncMs))).join(', ')};` +
    ` median ${Number.isNaN(med) ? '-' : ms(med)} (target <= 3000 ms)` +
    `; plain-IndexedDB floor ${floors.map((f) => ms(f.total)).join(', ')}, median ${floors.length ? ms(median(floors.map((f) => f.total))) : '-'};` +
    ` app / floor, median of the pairs: ${ratios.length ? `${median(ratios).toFixed(2)}×` : '-'} (target <= 1.1×)` +
    `; bytes per cold visit: ${mib(median(results.map((r) => r.bytesAll)))} (API ${mib(median(results.map((r) => r.bytesApi)))})`,
);

// Shared helpers of the web benchmarks: Playwright (playwright-core from web/node_modules, never a
// downloaded browser) driving Debian's Chromium, and small statistics.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const repoDir = resolve(benchDir, '../..');
export const webDir = resolve(repoDir, 'web');

const requireFromWeb = createRequire(resolve(webDir, 'package.json'));
export const { chromium } = requireFromWeb('playwright-core');

export const CHROMIUM = process.env.WRITEIT_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

export const ms = (x) => `${Math.round(x)} ms`;
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** The server's URL: argv[2] or WRITEIT_URL. */
export function serverUrl() {
  const url = process.argv[2] ?? process.env.WRITEIT_URL;
  if (!url) {
    console.error('usage: node SCRIPT.mjs http://127.0.0.1:PORT');
    process.exit(2);
  }
  return url.replace(/\/$/, '');
}

/** Row counts of IndexedDB `writeit` (raw IndexedDB, no Dexie), run in the page. */
export function countRows(page, tables = ['languages', 'decks', 'entries', 'characters']) {
  return page.evaluate(
    (names) =>
      new Promise((resolveCounts, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const present = names.filter((n) => db.objectStoreNames.contains(n));
          const counts = {};
          if (present.length === 0) {
            db.close();
            resolveCounts(counts);
            return;
          }
          const tx = db.transaction(present, 'readonly');
          for (const n of present) {
            const req = tx.objectStore(n).count();
            req.onsuccess = () => (counts[n] = req.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolveCounts(counts);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    tables,
  );
}

/** A context's init script (context.addInitScript): records performance.now() in the page when it
 * first stores localStorage.lastSync (globalThis.__lastSyncAt), so waitForLastSync knows the moment
 * without asking the page every 10 ms: that polling costs the page's main thread about 40 ms a
 * second, which a timed sync would count against the app. */
export const LAST_SYNC_PROBE = `(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'lastSync' && globalThis.__lastSyncAt === undefined && this === globalThis.localStorage) {
      globalThis.__lastSyncAt = performance.now();
    }
    return set.call(this, key, value);
  };
})();`;

/** Resolves with performance.now() in the page when localStorage.lastSync is set: with `probed`
 * (the context has LAST_SYNC_PROBE), the moment the probe recorded, polled every 250 ms; else the
 * first poll that sees it (every 10 ms). */
export async function waitForLastSync(page, timeoutMs, { probed = false } = {}) {
  const handle = await page.waitForFunction(
    () => globalThis.__lastSyncAt ?? (localStorage.getItem('lastSync') !== null ? performance.now() : false),
    undefined,
    { polling: probed ? 250 : 10, timeout: timeoutMs },
  );
  return handle.jsonValue();
}

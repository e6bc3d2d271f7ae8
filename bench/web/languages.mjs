// Public data by language in headless Chromium (run by bench/languages.sh against a server with
// the starter content plus the full zh and ja stroke sets): a new learner opens /decks (Korean,
// the default); the bytes every sync request brought (Playwright request.sizes(): body as encoded
// on the wire plus headers) and the rows stored until Korean is complete (localStorage
// languageState says it joined); then the learner chooses Chinese in the app bar, and the time
// from that click until Chinese has joined (complete offline in IndexedDB), its bytes and rows.
// The moment a language joins is recorded in the page by an init script on localStorage.setItem.
import { countRows, launch, median, mib, ms, serverUrl } from './lib.mjs';

const url = serverUrl();
const RUNS = Number(process.env.BENCH_LANGUAGES_RUNS ?? 3);

const JOIN_PROBE = `(() => {
  const set = Storage.prototype.setItem;
  globalThis.__joinedAt = {};
  Storage.prototype.setItem = function (key, value) {
    if (key === 'languageState' && this === globalThis.localStorage) {
      try {
        for (const [code, hold] of Object.entries(JSON.parse(value).held ?? {})) {
          if (hold && hold.joined && globalThis.__joinedAt[code] === undefined) globalThis.__joinedAt[code] = performance.now();
        }
      } catch {}
    }
    return set.call(this, key, value);
  };
})();`;

async function joined(page, code, timeout) {
  const h = await page.waitForFunction((c) => globalThis.__joinedAt?.[c] ?? false, code, { polling: 250, timeout });
  return h.jsonValue();
}

async function run(browser) {
  const context = await browser.newContext();
  await context.addInitScript(JOIN_PROBE);
  let phase = 'ko';
  const bytes = { ko: 0, zh: 0 };
  const requests = { ko: 0, zh: 0 };
  const pending = [];
  context.on('requestfinished', (request) => {
    if (!request.url().includes('/api/trpc/')) return;
    const p = phase;
    requests[p]++;
    pending.push(request.sizes().then((s) => (bytes[p] += s.responseBodySize + s.responseHeadersSize)).catch(() => {}));
  });
  const page = await context.newPage();
  await page.goto(`${url}/decks`);
  await joined(page, 'ko', 120_000);
  await page.waitForFunction(() => localStorage.getItem('lastSync') !== null, undefined, { polling: 250 });
  await Promise.all(pending.splice(0));
  const koRows = await countRows(page);
  phase = 'zh';
  await page.getByRole('combobox', { name: 'Studied language' }).first().click();
  const option = page.getByRole('option', { name: /^Chinese/ });
  await option.waitFor();
  const clicked = await page.evaluate(() => performance.now());
  await option.click();
  const zhAt = await joined(page, 'zh', 300_000);
  await Promise.all(pending.splice(0));
  const allRows = await countRows(page);
  await context.close();
  const sum = (r) => (r.decks ?? 0) + (r.entries ?? 0) + (r.characters ?? 0);
  return {
    ko: { rows: sum(koRows) + (koRows.languages ?? 0), bytes: bytes.ko, requests: requests.ko, detail: koRows },
    zh: { rows: sum(allRows) - sum(koRows), bytes: bytes.zh, requests: requests.zh, ms: zhAt - clicked },
  };
}

const browser = await launch();
const results = [];
for (let i = 0; i < RUNS; i++) results.push(await run(browser));
await browser.close();
const first = results[0];
console.log(
  `  first visit, Korean: ${first.ko.rows} rows stored (${JSON.stringify(first.ko.detail)}), ` +
    `${mib(median(results.map((r) => r.ko.bytes)))} of sync responses in ${first.ko.requests} requests`,
);
console.log(
  `  then Chinese: ${first.zh.rows} rows, ${mib(median(results.map((r) => r.zh.bytes)))} in ${first.zh.requests} requests, ` +
    `complete offline ${ms(median(results.map((r) => r.zh.ms)))} after the click (median of ${RUNS}; ${results.map((r) => ms(r.zh.ms)).join(', ')})`,
);
console.log(
  `RESULT web_languages ko_rows=${first.ko.rows} ko_bytes=${Math.round(median(results.map((r) => r.ko.bytes)))} ` +
    `zh_rows=${first.zh.rows} zh_bytes=${Math.round(median(results.map((r) => r.zh.bytes)))} zh_ms=${Math.round(median(results.map((r) => r.zh.ms)))}`,
);

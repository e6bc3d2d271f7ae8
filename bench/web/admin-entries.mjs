// 9. Time to open the admin entries list (/admin/ko/entries) of the catalogue's 50,000-entry
// language (target <= 300 ms), as an admin: an account is signed up, made an admin with
// `writeit users grant` on the server's data folder, and signed in through /signin; the catalogue
// syncs into IndexedDB. Then, in the same context:
//   - fresh load: N new pages open /admin/ko/entries; navigation start until the first entry row
//     is in the document with a non-empty box (checked on every animation frame); also when the
//     status line says the list holds every row;
//   - client-side: on /admin/ko, a click on the admin navigation's "Entries" link until the first
//     row is painted, then back by the "Overview" link, N times (the first, which loads nothing new
//     here since the dashboard shares the admin chunk, is reported apart all the same).
// Usage: node admin-entries.mjs SERVER_URL DATA_DIR (WRITEIT_BIN: the server binary, default
// target/release/writeit).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, chromium, countRows, median, ms, repoDir, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const dataDir = process.argv[3] ?? process.env.WRITEIT_DATA_DIR;
if (!dataDir) {
  console.error('usage: node admin-entries.mjs http://127.0.0.1:PORT DATA_DIR');
  process.exit(2);
}
const bin = resolve(process.env.WRITEIT_BIN ?? `${repoDir}/target/release/writeit`);
if (!existsSync(bin)) {
  console.error(`no server binary at ${bin} (set WRITEIT_BIN)`);
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_WEB_ENTRIES_RUNS ?? 5);
const LANG = 'ko';
const LIST = `/admin/${LANG}/entries`;
// The primary text of an entry row: a link to the entry's editor inside the list named "Entries".
const ROW = `ul[aria-label="Entries"] a[href^="${LIST}/"] .MuiListItemText-primary`;
const PASSWORD = 'a quiet river 42';

// An admin account, as `writeit users grant` makes one.
const email = `bench-admin-${Date.now()}@example.com`;
const signUp = await fetch(`${url}/identity/v1/accounts:signUp`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
});
if (!signUp.ok) throw new Error(`signUp: HTTP ${signUp.status} ${await signUp.text()}`);
execFileSync(bin, ['users', '--data-dir', dataDir, 'grant', email, 'admin'], { stdio: 'pipe' });

/** Navigation start (or t0) to the first entry row on screen, in the page's clock. */
const firstRow = (p) =>
  p
    .waitForFunction(
      (sel) => {
        const el = document.querySelector(sel);
        if (!el || !el.textContent) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 ? performance.now() : false;
      },
      ROW,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((h) => h.jsonValue());

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const context = await browser.newContext({ locale: 'en-US' });
try {
  const page = await context.newPage();
  await page.goto(`${url}/home`);
  await waitForLastSync(page, 180_000);
  await page.goto(`${url}/signin`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
  const counts = await countRows(page);
  console.log(`  warm-up: synced as a guest, signed in as an admin (entries ${counts.entries}, decks ${counts.decks})`);
  // The admin area opens (the gate has the role), so the runs below measure the list alone.
  await page.goto(`${url}${LIST}`);
  await firstRow(page);
  await page.close();

  // ---- fresh loads ----
  const fresh = [];
  for (let run = 1; run <= RUNS; run++) {
    const p = await context.newPage();
    let t;
    let all;
    try {
      await p.goto(`${url}${LIST}`, { waitUntil: 'commit', timeout: 30_000 });
      t = await firstRow(p);
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
    if (t !== undefined) {
      fresh.push(t);
      console.log(`  fresh load ${run}: first entry row at ${ms(t)} after navigation start (FCP ${fcp === undefined ? '-' : ms(fcp)}; whole list "${all?.text ?? '?'}" at ${all ? ms(all.at) : '-'})`);
    }
    await p.close();
  }

  // ---- client-side navigations ----
  const p = await context.newPage();
  await p.goto(`${url}/admin/${LANG}`);
  await p.waitForSelector(`a[href="${LIST}"]`, { timeout: 30_000 });
  const client = [];
  for (let run = 0; run <= RUNS; run++) {
    const r = await p.evaluate(
      ({ sel, list }) =>
        new Promise((done) => {
          const link = [...document.querySelectorAll(`a[href="${list}"]`)].find((a) => a.getBoundingClientRect().width > 0);
          const t0 = performance.now();
          link.click();
          const tick = () => {
            const el = document.querySelector(sel);
            const box = el?.getBoundingClientRect();
            if (el && el.textContent && box.width > 0 && box.height > 0) done(performance.now() - t0);
            else if (performance.now() - t0 > 30_000) done(null);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { sel: ROW, list: LIST },
    );
    console.log(`  client-side ${run === 0 ? 'first' : `run ${run}`}: first entry row ${r === null ? 'NOT shown' : `at ${ms(r)}`} after the click`);
    if (run > 0 && r !== null) client.push(r);
    await p.evaluate((home) => [...document.querySelectorAll(`a[href="${home}"]`)].find((a) => a.getBoundingClientRect().width > 0)?.click(), `/admin/${LANG}`);
    await p.waitForURL(new RegExp(`/admin/${LANG}$`));
    await p.waitForTimeout(500);
  }
  const mf = median(fresh);
  const mc = median(client);
  console.log(
    `RESULT open ${LIST} as an admin (${counts.entries} entries), to the first entry row: fresh load median ${Number.isNaN(mf) ? '-' : ms(mf)}` +
      ` (${fresh.map(ms).join(', ')}); client-side median ${Number.isNaN(mc) ? '-' : ms(mc)} (${client.map(ms).join(', ')}) (target <= 300 ms)`,
  );
} finally {
  await context.close();
  await browser.close();
}

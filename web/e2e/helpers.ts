// Shared helpers for the end-to-end tests.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { repoDir } from './server';

/** The Korean starter deck (ko is the default language code, SPEC §9). */
export const KOREAN_DECK_TITLE = 'Hangul letters (jamo)';

/** A context's starting storage that keeps only `languages` on the device (the default keeps every
 * starter language): a first sync of the languages a test uses, not eight. */
export function keepingOnly(languages: readonly string[]) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(process.env.WRITEIT_E2E_URL ?? 'http://127.0.0.1').origin,
        localStorage: [
          { name: 'pageSnapshotsOff', value: '1' },
          { name: 'languageState', value: JSON.stringify({ held: {}, keep: languages }) },
        ],
      },
    ],
  };
}

/** The headings of the error pages (SPEC §2). */
export const ERROR_HEADING = /^(Page Not Found|Internal Server Error)$/;

export interface Row {
  id: string;
  languageCode?: string;
  entryIds?: string[];
  deleted?: boolean;
  title?: string;
}

/** Calls a query procedure the way the client does (unbatched GET, input in the URL). */
export async function query<T = Row[]>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok(), `${procedure}: HTTP ${res.status()}`).toBe(true);
  const body = (await res.json()) as { result: { data: T } };
  return body.result.data;
}

/** Row counts of the local database `writeit`, read straight from IndexedDB. */
export async function localCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error ?? new Error('cannot open writeit'));
        open.onsuccess = () => {
          const db = open.result;
          const names = Array.from(db.objectStoreNames);
          const counts: Record<string, number> = {};
          if (names.length === 0) {
            db.close();
            resolve(counts);
            return;
          }
          const tx = db.transaction(names, 'readonly');
          for (const name of names) {
            const req = tx.objectStore(name).count();
            req.onsuccess = () => {
              counts[name] = req.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
        };
      }),
  );
}

/** Waits until the starter content has synced into IndexedDB (8 languages) and the sync has ended. */
export async function waitForStarterSync(page: Page): Promise<void> {
  await expect
    .poll(async () => (await localCounts(page).catch(() => ({}) as Record<string, number>)).languages ?? 0, {
      timeout: 30_000,
    })
    .toBe(8);
  // The languages come first; the sync may still be pulling the other tables.
  await waitForFullSync(page);
}

/** Waits until a whole sync has finished (lastSync stored), every table pulled, and the public
 * rows of the current language and of those kept offline with it (joined: db/languages.ts). */
export async function waitForFullSync(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSync')), { timeout: 30_000 }).not.toBeNull();
  await waitForLanguage(page);
  const kept = await page.evaluate(() => (JSON.parse(localStorage.getItem('languageState') ?? 'null') as { keep?: string[] } | null)?.keep ?? []);
  for (const code of kept) await waitForLanguage(page, code);
}

/** Waits until language `code` (default: the current one) is complete on the device. */
export async function waitForLanguage(page: Page, code?: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((c) => {
          const language = c ?? localStorage.getItem('languageCode') ?? 'ko';
          const state = JSON.parse(localStorage.getItem('languageState') ?? 'null') as { held?: Record<string, { joined?: boolean }> } | null;
          return state?.held?.[language]?.joined === true;
        }, code),
      { timeout, message: `language ${code ?? '(current)'} complete on the device` },
    )
    .toBe(true);
}

/** The languages of each public table's local rows, with their counts. */
export async function localLanguages(page: Page): Promise<Record<'decks' | 'entries' | 'characters', Record<string, number>>> {
  return page.evaluate(
    () =>
      new Promise<Record<'decks' | 'entries' | 'characters', Record<string, number>>>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error ?? new Error('cannot open writeit'));
        open.onsuccess = () => {
          const db = open.result;
          const tables = ['decks', 'entries', 'characters'] as const;
          const out = { decks: {}, entries: {}, characters: {} } as Record<(typeof tables)[number], Record<string, number>>;
          const tx = db.transaction([...tables], 'readonly');
          for (const t of tables) {
            const req = tx.objectStore(t).getAll();
            req.onsuccess = () => {
              for (const row of req.result as { languageCode: string }[]) out[t][row.languageCode] = (out[t][row.languageCode] ?? 0) + 1;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
        };
      }),
  );
}

/** Collects uncaught page errors, to assert none happened. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

/** Signs up a new account, makes it an admin with `writeit users grant` (the server's data
 * folder), and stores its session in the page as src/session/auth.ts keeps it. */
export async function signInAsAdmin(page: Page, request: APIRequestContext, dataDir = process.env.WRITEIT_E2E_DATA ?? ''): Promise<string> {
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'a quiet river 42';
  expect((await request.post('/identity/v1/accounts:signUp', { data: { email, password, returnSecureToken: true } })).ok()).toBe(true);
  const bin = process.env.WRITEIT_BIN ?? join(repoDir, 'target/debug/writeit');
  execFileSync(bin, ['users', '--data-dir', dataDir, 'grant', email, 'admin']);
  const answer = (await (await request.post('/identity/v1/accounts:signInWithPassword', { data: { email, password, returnSecureToken: true } })).json()) as {
    localId: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  };
  await page.goto('/home');
  await page.evaluate(
    (a) =>
      localStorage.setItem(
        'auth',
        JSON.stringify({ userId: a.localId, email: a.email, idToken: a.idToken, refreshToken: a.refreshToken, expiresAt: Date.now() + Number(a.expiresIn) * 1000 }),
      ),
    { ...answer, email },
  );
  await page.reload();
  return email;
}

/** Draws a polyline of 1024-box points on the writing canvas with the mouse (pointer events). The
 * canvas shows the box with a margin; its data-view-* attributes say how much. */
export async function drawOnCanvas(page: Page, points: readonly (readonly [number, number])[], steps = 3): Promise<void> {
  const ink = page.getByTestId('ink');
  const box = await ink.boundingBox();
  if (!box) throw new Error('no canvas');
  const pad = Number((await ink.getAttribute('data-view-pad')) ?? 0);
  const view = Number((await ink.getAttribute('data-view-size')) ?? 1024);
  const at = ([x, y]: readonly [number, number]) => [box.x + ((x + pad) / view) * box.width, box.y + ((y + pad) / view) * box.height] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(...at(p), { steps });
  await page.mouse.up();
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret at `time` (ms). */
export function totp(secret: string, time: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The mails to `email` in a server's outbox folder (DATA_DIR/outbox), newest first. */
export function mailsTo(dataDir: string, email: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return []; // no mail yet
  }
  return files
    .sort()
    .reverse()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((text) => text.includes(email));
}

/** Collects the console's error messages (React's warnings, failed loads the app reports), to
 * assert none happened. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  return errors;
}

/** Moves the app to `path` the way its own links do (history entry + popstate, which React
 * Router's BrowserRouter follows), without reloading the page: the session, the synced data and
 * whatever is under way stay. */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

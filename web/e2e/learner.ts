// A learner in the e2e tests: accounts and sessions, the server's view of their rows (queries
// with their token), the device's IndexedDB (`writeit`), a review session by keyboard, and
// writing a character along its stored medians.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Stroke } from '../src/api/generated/types';
import { drawOnCanvas, query, waitForStarterSync, type Row } from './helpers';
import { repoDir } from './server';

export const PASSWORD = 'correct horse battery staple';

export interface Auth {
  userId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

export async function signUp(request: APIRequestContext): Promise<Auth & { email: string }> {
  const email = `study-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/identity/v1/accounts:signUp', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return toAuth((await res.json()) as TokenAnswer);
}

/** Another session of the same account (a second device): its own refresh token. */
export async function signIn(request: APIRequestContext, email: string): Promise<Auth> {
  const res = await request.post('/identity/v1/accounts:signInWithPassword', { data: { email, password: PASSWORD, returnSecureToken: true } });
  expect(res.ok(), await res.text()).toBe(true);
  return toAuth((await res.json()) as TokenAnswer);
}

export interface TokenAnswer {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}
export const toAuth = (a: TokenAnswer): Auth => ({
  userId: a.localId,
  email: a.email,
  idToken: a.idToken,
  refreshToken: a.refreshToken,
  expiresAt: Date.now() + Number(a.expiresIn) * 1000,
});

/** Waits for a first complete sync (for a signed-in user: of their rows too). */
export async function waitForSync(page: Page, userId = ''): Promise<void> {
  await waitForStarterSync(page);
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem('lastSync') !== null, localStorage.getItem('lastSyncUser') ?? '']), { timeout: 30_000 })
    .toEqual([true, userId]);
}

/** Stores the session as src/session/auth.ts expects it, then opens `path` signed in. */
export async function openSignedIn(page: Page, auth: Auth, path: string): Promise<void> {
  await page.goto('/decks');
  await page.evaluate((a) => localStorage.setItem('auth', JSON.stringify(a)), auth);
  await page.goto(path);
}

export async function deckId(request: APIRequestContext, title: string): Promise<Row & { entryIds: string[] }> {
  const decks = await query(request, 'queryDecks', { offset: 0, limit: 5000 });
  const deck = decks.find((d) => d.title === title && !d.deleted);
  expect(deck, title).toBeDefined();
  return deck as Row & { entryIds: string[] };
}

/** A signed-in query with the user's token. */
export async function userQuery<T>(request: APIRequestContext, token: string, procedure: string): Promise<T[]> {
  const input = encodeURIComponent(JSON.stringify({ offset: 0, limit: 5000 }));
  const res = await request.get(`/api/trpc/${procedure}?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${procedure}: HTTP ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: T[] } }).result.data;
}

/** Every row of a local table (IndexedDB `writeit`). */
export async function localRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('writeit');
        open.onerror = () => reject(open.error ?? new Error('cannot open writeit'));
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as T[]);
          };
          req.onerror = () => reject(req.error ?? new Error('getAll failed'));
        };
      }),
    table,
  );
}

export const summary = (page: Page) => page.getByRole('heading', { name: 'Session complete' });
export const card = (page: Page) => page.getByRole('region', { name: 'Card' });

/** Answers cards by keyboard alone until the session ends: Space reveals, `key(i)` rates. */
export async function reviewByKeyboard(page: Page, key: (i: number) => string, stopAfter = Infinity): Promise<number> {
  await expect(card(page).or(summary(page))).toBeVisible();
  let answered = 0;
  while (answered < stopAfter && !(await summary(page).isVisible())) {
    await expect(page.locator('[data-revealed="false"]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('card-back')).toBeVisible();
    await page.keyboard.press(key(answered));
    answered++;
    // The next card (unrevealed) or the summary replaces the answered one.
    await expect(page.locator('[data-revealed="true"]')).toHaveCount(0);
    expect(answered).toBeLessThan(500);
  }
  return answered;
}

export interface CardRow {
  id: string;
  due: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: number | null;
  learningSteps: number;
  scheduledDays: number;
  elapsedDays: number;
}
export interface ReviewRow {
  id: string;
  cardId: string;
  rating: number;
}
export const schedule = (c: CardRow) => [c.id, c.due, c.stability, c.difficulty, c.reps, c.lapses, c.state, c.lastReview, c.learningSteps, c.scheduledDays, c.elapsedDays];
export const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/** A starter character set file (data/starter/characters). */
interface SetFile {
  characters: { value: string; strokes: Stroke[] }[];
}

export function strokesOf(set: string, value: string): Stroke[] {
  const file = JSON.parse(readFileSync(join(repoDir, 'data/starter/characters', `${set}.json`), 'utf8')) as SetFile;
  const found = file.characters.find((c) => c.value === value);
  if (!found) throw new Error(`${value} is not in ${set}`);
  return found.strokes;
}

/** The deck and entry ids of an entry by its text, from the local database. */
export async function entryIds(page: Page, languageCode: string, text: string): Promise<{ deckId: string; entryId: string }> {
  return page.evaluate(
    async ({ languageCode, text }) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('writeit');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error ?? new Error('open'));
      });
      const all = <T,>(store: string) =>
        new Promise<T[]>((ok) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result as T[]);
        });
      const entry = (await all<{ id: string; text: string; languageCode: string }>('entries')).find(
        (e) => e.text === text && e.languageCode === languageCode,
      );
      const deck = (await all<{ id: string; entryIds: string[] }>('decks')).find((d) => entry && d.entryIds.includes(entry.id));
      db.close();
      if (!entry || !deck) throw new Error(`no entry ${text}`);
      return { deckId: deck.id, entryId: entry.id };
    },
    { languageCode, text },
  );
}

/** Writes `strokes` along their medians, each one accepted in turn (the canvas is first scrolled
 * into the middle of the viewport: a pointer outside it hits nothing). */
export async function writeAll(page: Page, strokes: readonly Stroke[], { scroll = true } = {}) {
  if (scroll) await page.getByTestId('ink').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  for (const [i, s] of strokes.entries()) {
    await drawOnCanvas(page, s.median);
    await expect(page.locator(`[data-strokes-done="${i + 1}"]`)).toHaveCount(1);
  }
}

/** The way on of the writing pad's stage (ready to trace, write from memory, trace once more,
 * next character), or the host's (Next). */
export const wayOn = (page: Page, name: string | RegExp) => page.locator('[data-next-control]').filter({ hasText: name });

/** A new writing card taught to the end: watched, traced, then written from memory, each stage
 * along the stored medians. */
export async function learnCharacter(page: Page, strokes: readonly Stroke[], opts: { scroll?: boolean } = {}) {
  await wayOn(page, "I'm ready to trace").click();
  await writeAll(page, strokes, opts);
  await expect(page.getByTestId('writing-message')).toHaveText('Traced. Now write it from memory, on an empty grid.');
  await wayOn(page, 'Write it from memory').click();
  await writeAll(page, strokes, opts);
}

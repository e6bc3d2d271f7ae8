// Issue 23 (4): no page wider than the screen. Every route of SPEC §2, in en-US, ar and he, at
// 1280×800 and 390×844: as a guest, as a signed-in learner who is an admin (the admin pages), and
// with the learner mid-session (review answer revealed, a test question answered, a character half
// written, reading answer revealed) and the phone's menu open. On each: the document and the body
// are no wider than the viewport, no element reaches past its inline edges unless a scrolling or
// clipping box holds it, and no page error or console error happened. Two pages per locale (a
// guest's, an admin's), each moved from route to route inside the app without reloading, and each
// route checked at one size, then resized to the other.
// With WRITEIT_E2E_SHOTS set (a folder), screenshots of every check in ar and he go there (the
// mid-session states in dark too), for a person to look at.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Stroke } from '../src/api/generated/types';
import { composeSyllable } from '../src/characters/hangul';
import { repoDir } from './server';
import {
  KOREAN_DECK_TITLE,
  collectConsoleErrors,
  collectPageErrors,
  drawOnCanvas,
  goInApp,
  query,
  signInAsAdmin,
  waitForStarterSync,
  type Row,
} from './helpers';

const LOCALES = ['en-US', 'ar', 'he'] as const;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SHOTS = process.env.WRITEIT_E2E_SHOTS;

/** The study routes use the Korean vocabulary deck and one of its longer entries (a space in its
 * text, a long reading and meaning): the most text a practice page shows. */
const VOCABULARY = 'Beginner vocabulary';
const ENTRY_TEXT = '처음 뵙겠습니다';

interface Ids {
  jamoDeck: string;
  deck: string;
  entry: string;
  character: string;
}

async function starterIds(request: APIRequestContext): Promise<Ids> {
  const decks = await query(request, 'queryDecks', { offset: 0, limit: 5000 });
  const jamo = decks.find((d) => d.title === KOREAN_DECK_TITLE && !d.deleted);
  const vocabulary = decks.find((d) => d.title === VOCABULARY && d.languageCode === 'ko' && !d.deleted);
  const entries = await query<(Row & { text: string })[]>(request, 'queryEntries', { offset: 0, limit: 5000 });
  const entry = entries.find((e) => e.text === ENTRY_TEXT && !e.deleted && vocabulary?.entryIds?.includes(e.id));
  const characters = await query(request, 'queryCharacters', { offset: 0, limit: 5000 });
  const character = characters.find((c) => c.languageCode === 'ko' && !c.deleted);
  expect([jamo, vocabulary, entry, character].map(Boolean), 'the starter decks, entry and a ko character').toEqual([true, true, true, true]);
  return { jamoDeck: jamo!.id, deck: vocabulary!.id, entry: entry!.id, character: character!.id };
}

/** The strokes of the first syllable of ENTRY_TEXT, composed from the stored jamo. */
function firstSyllableStrokes(): Stroke[] {
  const file = JSON.parse(readFileSync(join(repoDir, 'data/starter/characters/ko-jamo.json'), 'utf8')) as {
    characters: { value: string; strokes: Stroke[] }[];
  };
  const strokes = composeSyllable(ENTRY_TEXT[0]!, (j) => file.characters.find((c) => c.value === j)?.strokes);
  if (!strokes || strokes.length < 2) throw new Error(`cannot compose ${ENTRY_TEXT[0]}`);
  return strokes;
}

/** Waits for the page to settle: on `path`, a main landmark, no loading bar or spinner, and the
 * DOM unchanged for 150 ms (at most 5 s: a page that keeps changing is measured as it is). After
 * a navigation (`navigated`) it waits 250 ms at least: a page whose code is still loading shows
 * the loading bar only after 200 ms. */
async function settle(page: Page, path: string, navigated = true): Promise<void> {
  await expect.poll(() => page.evaluate(() => location.pathname)).toBe(path.split('?')[0]);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.evaluate(
    (least) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        let last = start;
        const observer = new MutationObserver(() => {
          last = performance.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const busy = () =>
          Array.from(document.querySelectorAll('[role="progressbar"]')).some((el) => {
            if (el.closest('[aria-hidden="true"]')) return false;
            const r = el.getBoundingClientRect();
            // The loading bar (fixed, at the top) or a spinner (indeterminate: no value).
            return r.width > 0 && r.height > 0 && (!el.hasAttribute('aria-valuenow') || getComputedStyle(el).position === 'fixed');
          });
        const tick = () => {
          const now = performance.now();
          if (busy()) last = now;
          if ((now - last >= 150 && now - start >= least) || now - start > 5000) {
            observer.disconnect();
            void document.fonts.ready.then(() => resolve());
          } else setTimeout(tick, 25);
        };
        setTimeout(tick, 25);
      }),
    navigated ? 250 : 0,
  );
}

/** What makes the page wider than the viewport, now: the document's or the body's scroll width
 * beyond the viewport's width, and each outermost element drawn past its inline edges (1 px of
 * rounding allowed) that no scrolling or clipping box (overflow-x not visible) holds. */
function overflowNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`html scrollWidth ${root.scrollWidth} > ${width}`);
    if (document.body.scrollWidth > width) found.push(`body scrollWidth ${document.body.scrollWidth} > ${width}`);
    const held = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.left >= -1 && r.right <= width + 1)) continue;
      if (getComputedStyle(el).visibility === 'hidden' || outside.some((o) => o.contains(el)) || held(el)) continue;
      outside.push(el);
      const classes = Array.from(el.classList)
        .filter((c) => c.startsWith('Mui'))
        .slice(0, 2)
        .join('.');
      const testId = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().slice(0, 40);
      found.push(
        `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? ` data-testid=${testId}` : ''}> "${text}" ` +
          `from ${Math.round(r.left)} to ${Math.round(r.right)} (viewport ${width})`,
      );
      if (found.length >= 8) break;
    }
    return found;
  });
}

/** Checks the page as it is now; an overflow must persist 1 s to count (a transition may pass
 * through one). Returns the problems, prefixed with `label`. */
async function check(page: Page, label: string): Promise<string[]> {
  let found = await overflowNow(page);
  for (let i = 0; i < 10 && found.length > 0; i++) {
    await page.waitForTimeout(100);
    found = await overflowNow(page);
  }
  return found.map((f) => `${label}: ${f}`);
}

/** A screenshot of the page into SHOTS, `name`-light.png, and with `dark` `name`-dark.png too. */
async function shots(page: Page, name: string, dark: boolean): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(300);
    // The whole page, cut at 2,000 px (a long list's rows look alike).
    const { width } = page.viewportSize()!;
    const height = Math.min(2000, await page.evaluate(() => document.documentElement.scrollHeight));
    await page.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`), fullPage: true, clip: { x: 0, y: 0, width, height } });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Checks the page on `path` at the size it is at, then at the other one (resized in place, as a
 * turned tablet is), and leaves it there: so the pages alternate between opening at the desktop
 * size and opening at the phone's. `shot` names its screenshots (SHOTS), in dark too with
 * `dark`. */
async function checkBothSizes(page: Page, path: string, label: string, shot?: string, dark = false): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < 2; i++) {
    if (i === 1) {
      const now = page.viewportSize()!;
      await page.setViewportSize(SIZES.find((s) => s.width !== now.width)!);
      await settle(page, path, false);
    }
    const { width, height } = page.viewportSize()!;
    found.push(...(await check(page, `${path} (${label}) at ${width}×${height}`)));
    if (shot) await shots(page, `${shot}-${width}`, dark);
  }
  return found;
}

/** Opens each of `routes` in the app and checks it at both sizes; `shot` prefixes the names of
 * their screenshots (SHOTS). */
async function checkRoutes(page: Page, routes: string[], label: string, shot: string | undefined): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await goInApp(page, route);
    await settle(page, route);
    const name = shot && `${shot}${route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'id').replace(/\//g, '_')}`;
    found.push(...(await checkBothSizes(page, route, label, name)));
  }
  return found;
}

/** The learner's study pages, each driven to the middle of its session and checked there. */
async function midSession(page: Page, ids: Ids, label: string, shot: string | undefined): Promise<string[]> {
  const strokes = firstSyllableStrokes();
  const entryPath = `/decks/${ids.deck}/entries/${ids.entry}`;
  const states: [string, string, () => Promise<void>][] = [
    [
      `/decks/${ids.deck}/review`,
      'answer revealed',
      async () => {
        await expect(page.locator('[data-revealed="false"]')).toHaveCount(1);
        await page.keyboard.press('Space');
        await expect(page.getByTestId('card-back')).toBeVisible();
      },
    ],
    [
      `/decks/${ids.deck}/test`,
      'question answered',
      async () => {
        await expect(page.getByTestId('quiz-prompt')).toBeVisible();
        const typed = page.locator('form input[type="text"]');
        if (await typed.isVisible()) {
          await typed.fill('x');
          await typed.press('Enter');
        } else {
          // A multiple choice takes 1, a true-or-false question T.
          await page.keyboard.press('1');
          await page.keyboard.press('t');
        }
        await expect(page.getByTestId('quiz-feedback')).toBeVisible();
      },
    ],
    [
      `/decks/${ids.deck}/review?cards=writing`,
      'a stroke drawn on the first card',
      async () => {
        await expect(page.getByTestId('ink')).toBeVisible();
        await drawOnCanvas(page, [[300, 500], [700, 500]]);
        await expect(page.getByTestId('writing-message')).not.toBeEmpty();
      },
    ],
    [
      `${entryPath}/writing`,
      'first stroke written',
      async () => {
        await expect(page.getByTestId('ink')).toBeVisible();
        await drawOnCanvas(page, strokes[0]!.median);
        await expect(page.getByTestId('writing-message')).not.toBeEmpty();
      },
    ],
    [
      `${entryPath}/reading`,
      'answer revealed',
      async () => {
        await expect(page.locator('[aria-keyshortcuts="Space Enter"]')).toBeVisible();
        await page.keyboard.press('Space');
        await expect(page.locator('[aria-keyshortcuts="1"]')).toBeVisible();
      },
    ],
  ];
  const found: string[] = [];
  for (const [path, state, drive] of states) {
    await goInApp(page, path);
    await settle(page, path);
    await drive();
    await settle(page, path, false);
    found.push(...(await checkBothSizes(page, path, `${label}, ${state}`, shot && `${shot}-${path.split('/').pop()}`, true)));
  }
  return found;
}

/** A page in `locale` at `size`, its errors collected. */
async function open(page: Page, context: BrowserContext, baseURL: string, locale: string, size: (typeof SIZES)[number]) {
  const errors = { page: collectPageErrors(page), console: collectConsoleErrors(page) };
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL }]);
  await page.setViewportSize(size);
  return errors;
}

function expectNone(found: string[], errors: { page: Error[]; console: string[] }) {
  expect(found, 'what is wider than the screen').toEqual([]);
  expect(errors.page.map((e) => e.message), 'page errors').toEqual([]);
  expect(errors.console, 'console errors').toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

for (const locale of LOCALES) {
  const shot = SHOTS && locale !== 'en-US' ? locale : undefined;

  test(`${locale}, a guest: no page wider than 1280×800 or 390×844, mid-session included, no page error`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const errors = await open(page, context, baseURL!, locale, SIZES[1]);
    const ids = await starterIds(request);
    await page.goto('/');
    await settle(page, '/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    const found = await checkBothSizes(page, '/', 'guest', shot && `${shot}-guest_`);
    await waitForStarterSync(page);
    const routes = ['/home', '/theme', '/signin', '/settings', '/about', '/cards', '/decks', '/entries', `/decks/${ids.jamoDeck}`, `/decks/${ids.deck}`,
      `/entries/${ids.entry}`, `/decks/${ids.deck}/entries/${ids.entry}`, '/admin', '/no/such/page'];
    found.push(...(await checkRoutes(page, routes, 'guest', shot && `${shot}-guest`)));
    found.push(...(await midSession(page, ids, 'guest', shot && `${shot}-guest`)));
    // The phone's navigation drawer, open.
    await page.setViewportSize(SIZES[1]);
    await page.locator('[aria-controls="app-nav-drawer"]').click();
    await expect(page.locator('#app-nav-drawer')).toBeVisible();
    await settle(page, new URL(page.url()).pathname, false);
    found.push(...(await check(page, 'navigation drawer open at 390×844')));
    expectNone(found, errors);
  });

  test(`${locale}, an admin: no page wider than 1280×800 or 390×844, mid-session included, no page error`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const errors = await open(page, context, baseURL!, locale, SIZES[0]);
    const ids = await starterIds(request);
    await signInAsAdmin(page, request);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSyncUser') ?? ''), { timeout: 30_000 }).not.toBe('');
    await waitForStarterSync(page);
    // Mid-session first, so the learner's own pages after it have a card to show.
    const found = await midSession(page, ids, 'signed in', shot && `${shot}-signed-in`);
    const routes = ['/home', '/settings', '/cards', `/decks/${ids.deck}`, '/admin', '/admin/ko', '/admin/ko/decks', '/admin/ko/entries',
      '/admin/ko/characters', `/admin/ko/decks/${ids.deck}`, `/admin/ko/entries/${ids.entry}`, `/admin/ko/characters/${ids.character}`,
      '/admin/ko/no/such/page'];
    found.push(...(await checkRoutes(page, routes, 'admin', shot && `${shot}-admin`)));
    expectNone(found, errors);
  });
}

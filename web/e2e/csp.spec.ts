// Issue 24 (1): the server's Content-Security-Policy lets every page of the app work. Every route
// of app/router.tsx, as a guest and as an admin, with page snapshots on (the snapshot start script
// in index.html is one of the inline scripts the policy allows by hash), in light en-US and in
// dark Hebrew (right to left): no `securitypolicyviolation` event and no console message about
// the Content Security Policy. Each start of a kept page is checked too: the start script ran
// (the saved styles are back) under the policy.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, goInApp, query, signInAsAdmin, waitForStarterSync, type Row } from './helpers';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

const VOCABULARY = 'Beginner vocabulary';

async function starterIds(request: APIRequestContext) {
  const decks = await query(request, 'queryDecks', { offset: 0, limit: 5000 });
  const jamo = decks.find((d) => d.title === KOREAN_DECK_TITLE && !d.deleted);
  const deck = decks.find((d) => d.title === VOCABULARY && d.languageCode === 'ko' && !d.deleted);
  const entries = await query<(Row & { text: string })[]>(request, 'queryEntries', { offset: 0, limit: 5000 });
  const entry = entries.find((e) => !e.deleted && deck?.entryIds?.includes(e.id));
  const characters = await query(request, 'queryCharacters', { offset: 0, limit: 5000 });
  const character = characters.find((c) => c.languageCode === 'ko' && !c.deleted);
  expect([jamo, deck, entry, character].map(Boolean)).toEqual([true, true, true, true]);
  return { jamo: jamo!.id, deck: deck!.id, entry: entry!.id, character: character!.id };
}

/** On `path`, with its main landmark shown, and a moment for lazy code and data to arrive. */
async function settle(page: Page, path: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => location.pathname)).toBe(path);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await page.waitForTimeout(400);
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations ?? []);
}

const CASES = [
  { locale: 'en-US', scheme: 'light' },
  { locale: 'en-US', scheme: 'dark' },
  { locale: 'he', scheme: 'dark' },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const { locale, scheme } of CASES) {
  test(`${locale}, ${scheme}: every route runs under the CSP, page snapshots on`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(180_000);
    const consoleCsp: string[] = [];
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) consoleCsp.push(`${m.text()} (${m.location().url})`);
    });
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await page.emulateMedia({ colorScheme: scheme });
    // Before any of the page's scripts: snapshots on (the e2e storage turns them off), and every
    // violation kept where the test can read it.
    await context.addInitScript(() => {
      localStorage.removeItem('pageSnapshotsOff');
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    const ids = await starterIds(request);

    const first = await page.goto('/');
    const csp = first!.headers()['content-security-policy'] ?? '';
    expect(csp, 'the policy is on').toMatch(/script-src 'self'( 'sha256-[\w+/=]+'){2}/);
    expect(csp).toContain("frame-ancestors 'none'");
    await settle(page, '/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await waitForStarterSync(page);

    const learner = [
      '/home', '/theme', '/signin', '/settings', '/cards', '/decks', '/entries', `/decks/${ids.jamo}`, `/decks/${ids.deck}`,
      `/entries/${ids.entry}`, `/decks/${ids.deck}/entries/${ids.entry}`, `/decks/${ids.deck}/review`, `/decks/${ids.deck}/test`,
      `/decks/${ids.deck}/entries/${ids.entry}/reading`, `/decks/${ids.deck}/entries/${ids.entry}/writing`, '/admin', '/no/such/page',
    ];
    const visited: string[] = [];
    for (const route of learner) {
      await goInApp(page, route);
      await settle(page, route);
      visited.push(route);
    }
    expect(await violations(page), 'violations as a guest').toEqual([]);

    await signInAsAdmin(page, request);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSyncUser') ?? ''), { timeout: 30_000 }).not.toBe('');
    const admin = [
      '/admin', '/admin/ko', '/admin/ko/decks', '/admin/ko/entries', '/admin/ko/characters', `/admin/ko/decks/${ids.deck}`,
      `/admin/ko/entries/${ids.entry}`, `/admin/ko/characters/${ids.character}`, '/admin/ko/no/such/page', '/home', '/decks',
      `/decks/${ids.deck}`, `/decks/${ids.deck}/review`, `/decks/${ids.deck}/entries/${ids.entry}/writing`, '/settings',
    ];
    for (const route of admin) {
      await goInApp(page, route);
      await settle(page, route);
    }
    expect(await violations(page), 'violations as an admin').toEqual([]);

    // Starts of kept pages: the start script restores the saved styles and paints the copy.
    // Right-to-left pages are not kept (their style cache is not saved), but the script still runs.
    const rtl = locale === 'he';
    if (!rtl) {
      // A browsing page is kept once it has been up a second with no sync running: the walk above
      // moves on sooner, and the admin's sign-in forgot the guest's copies, so stay on one.
      await goInApp(page, '/decks');
      await expect
        .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('pageSnapshots') ?? '[]') as { path: string }[]).length), { timeout: 30_000 })
        .toBeGreaterThan(0);
    }
    for (const route of ['/decks', '/home', `/decks/${ids.deck}`, '/admin/ko/entries']) {
      await page.goto(route);
      if (!rtl) await page.locator('style[data-emotion^="wi "]').first().waitFor({ state: 'attached' });
      await settle(page, route);
      expect(await violations(page), `violations on a start of ${route}`).toEqual([]);
    }
    expect(consoleCsp, 'console messages about the CSP').toEqual([]);
  });
}

// @vitest-environment jsdom
// The shell end to end in jsdom: routes, layouts, error pages, data pages over a seeded local
// database, the locale switch with its failure path, and right-to-left.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import type { Deck, Entry, Language, UserCard } from '../api/generated/types';

const urls = { 'ko-KR': '/_i18n/test/ko-KR/messages.json', ar: '/_i18n/test/ar/messages.json', he: '/_i18n/missing/he/messages.json' };
vi.mock('../db/sync', async (importOriginal) => ({
  // The real engine for the pages' local reads and writes; no network sync in jsdom.
  ...(await importOriginal<typeof import('../db/sync')>()),
  useSyncState: () => ({ status: 'idle', pending: 2, refused: 0 }),
  startAutoSync: () => () => {},
  refresh: async () => true,
}));
vi.mock('@capacitor/core', () => ({ Capacitor: { isNativePlatform: () => false } }));

configure({ asyncUtilTimeout: 5000 });
vi.spyOn(console, 'error').mockImplementation(() => {});

const { db } = await import('../db/db');
const { AppRoutes, preloadPage } = await import('./router');
const { RouteErrorBoundary } = await import('./RootLayout');
const { AppProviders } = await import('./AppProviders');
const { createI18nStore } = await import('../i18n/i18nStore');
const ko = (await import('../i18n/messages/ko-KR.json')).default;
const ar = (await import('../i18n/messages/ar.json')).default;

const LANG: Language = { id: 'ko', name: 'Korean', nativeName: '한국어', rtl: false, gridType: 'character', updatedAt: 1, deleted: false };
const DECK_ID = '11111111-1111-4111-8111-111111111111';
const ENTRY_ID = (n: number) => `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`;
const entries: Entry[] = Array.from({ length: 450 }, (_, i) => ({
  id: ENTRY_ID(i),
  languageCode: 'ko',
  text: `단어${String(i).padStart(3, '0')}`,
  reading: `dan-eo ${i}`,
  meanings: [`word ${i}`],
  notes: '',
  examples: i === 0 ? [{ text: '단어를 써요', translation: 'I write a word' }] : [],
  updatedAt: 1,
  deleted: false,
}));
const deck: Deck = {
  id: DECK_ID, languageCode: 'ko', title: 'Basics', description: 'First words',
  entryIds: [ENTRY_ID(0), ENTRY_ID(1), ENTRY_ID(2)], position: 0, updatedAt: 1, deleted: false,
};
const card = (n: number, due: number, state: number): UserCard => ({
  id: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`, entryId: ENTRY_ID(n), kind: 'meaning', due,
  stability: 1, difficulty: 5, elapsedDays: 0, scheduledDays: 0, learningSteps: 0, reps: 1, lapses: 0, state,
  lastReview: null, updatedAt: 1, deleted: false,
});

const fetchMock = vi.fn(async (url: string) => {
  if (url.includes('/ko-KR/')) return new Response(JSON.stringify(ko));
  if (url.includes('/ar/')) return new Response(JSON.stringify(ar));
  return new Response('nope', { status: 404 });
});

beforeAll(async () => {
  // The pages load on demand; transforming them the first time took over 5 s on a loaded CI
  // machine, which a test's wait for what a page shows should not have to cover.
  await Promise.all([
    import('../features/home/routes'), import('../features/cards/CardsPage'), import('../features/decks/routes'), import('../features/entries/routes'),
    import('../features/practice/routes'), import('../features/admin/routes'), import('../features/settings/routes'),
    import('../features/errors/NotFoundPage'), import('@capacitor/core'),
  ]);
  await db.languages.put(LANG);
  await db.decks.put(deck);
  await db.entries.bulkPut(entries);
  await db.userCards.bulkPut([card(0, Date.now() - 1000, 2), card(1, Date.now() + 86_400_000, 1), card(400, 0, 0)]);
}, 60_000);
afterEach(() => {
  cleanup();
  document.cookie = 'locale=; Max-Age=0; Path=/';
});
afterAll(() => db.close());

/** Hands the test the router's navigate function. */
function NavigateProbe({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  onNavigate(useNavigate());
  return null;
}

function renderAt(path: string) {
  const handle: { navigate?: NavigateFunction } = {};
  const router = { navigate: async (to: string) => handle.navigate?.(to) };
  const i18n = createI18nStore({ document, navigator, urls, storage: window.localStorage, fetch: fetchMock as unknown as typeof fetch });
  void i18n.init();
  render(
    <AppProviders i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <NavigateProbe onNavigate={(n) => (handle.navigate = n)} />
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, i18n };
}

/** A stored session (as the auth store keeps it) whose ID token carries `claims`; the account
 * lookup fails in jsdom, so the token's role stands. */
function signInLocally(userId: string, claims: object) {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const idToken = `${part({ alg: 'EdDSA' })}.${part({ sub: userId, ...claims })}.sig`;
  localStorage.setItem('auth', JSON.stringify({ userId, idToken, refreshToken: 'r', expiresAt: Date.now() + 3_600_000, email: `${userId}@example.com` }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
}

function signOutLocally() {
  localStorage.removeItem('auth');
  window.dispatchEvent(new StorageEvent('storage', { key: 'auth' }));
}

describe('app shell', () => {
  it('shows the landing page on / with the language to choose and a way to /home', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn to read and write Korean' })).toBeTruthy();
    // The languages by name, never by code; choosing one opens the sign-up form.
    expect(await screen.findByRole('button', { name: /^Korean/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^ko\b/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Try it without an account' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('suggests the decks of the current language on /home, each followed in one click', async () => {
    renderAt('/home');
    expect(await screen.findByText('Basics')).toBeTruthy();
    expect(screen.getByText('3 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /2 changes waiting to be sent/ })).toBeTruthy();
  });

  it('reads /home\'s decks before its first render once a sync has completed here', async () => {
    localStorage.setItem('lastSync', '1');
    await preloadPage('/home');
    // The page's loading state (not the loading bar), at any moment, would mean the first render
    // came without them.
    let loadingShown = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('.MuiCircularProgress-root[aria-label="Loading…"]')) loadingShown = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderAt('/home');
      expect(await screen.findByText('Basics')).toBeTruthy();
    } finally {
      observer.disconnect();
      localStorage.removeItem('lastSync');
    }
    expect(loadingShown).toBe(false);
  });

  it('says a language has no decks only once a sync has completed or cannot run', async () => {
    const { languageCodeStore } = await import('./languageCode');
    const { publishSyncState } = await import('./syncBridge');
    languageCodeStore.set('ja');
    try {
      renderAt('/home');
      // First visit, sync on its way: the loading state, not 'no decks'.
      await waitFor(() => expect(document.querySelector('.MuiCircularProgress-root[aria-label="Loading…"]')).not.toBeNull());
      expect(screen.queryByText(/No decks in this language yet/)).toBeNull();
      // Offline before the language came: it is not here yet, said so (not 'no decks').
      act(() => publishSyncState({ status: 'offline', pending: 0, refused: 0 }));
      expect(await screen.findByText(/Japanese is not on this device yet\. It downloads when you are online\./)).toBeTruthy();
      expect(screen.queryByText(/No decks in this language yet/)).toBeNull();
      cleanup();
      // A device synced (before languages were tracked: it holds every one) and idle: none.
      localStorage.setItem('lastSync', '1');
      act(() => publishSyncState({ status: 'idle', pending: 0, refused: 0 }));
      renderAt('/home');
      expect(await screen.findByText(/No decks in this language yet/)).toBeTruthy();
      expect(screen.queryByText('Follow a deck, then press Start: its first cards are ready today.')).toBeNull();
    } finally {
      localStorage.removeItem('lastSync');
      languageCodeStore.set('ko');
    }
  });

  it('shows a deck with its entries in order and links to review and test', async () => {
    renderAt(`/decks/${DECK_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Basics' })).toBeTruthy();
    // A row's label is text and reading, each in its own <bdi> (features/shared/EntryLabel.tsx).
    const items = await screen.findAllByText((_, el) => !!el?.classList.contains('MuiListItemText-primary') && /^단어00\d · /.test(el.textContent ?? ''));
    expect(items.map((i) => i.textContent)).toEqual(['단어000 · dan-eo 0', '단어001 · dan-eo 1', '단어002 · dan-eo 2']);
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(`/decks/${DECK_ID}/review`);
    expect(screen.getByRole('link', { name: 'Test' }).getAttribute('href')).toBe(`/decks/${DECK_ID}/test`);
  });

  it('virtualises entries (never rendering them all) and searches', async () => {
    renderAt('/entries');
    expect(await screen.findByText('450 entries', {}, { timeout: 5000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Entries' });
    await waitFor(() => expect(list.querySelectorAll('li').length).toBeGreaterThan(5));
    expect(list.querySelectorAll('li').length).toBeLessThan(60);
    expect(list.querySelector('li')?.getAttribute('aria-setsize')).toBe('450');
    // Every word must occur: "word" and "44" (word 44, 144, 244, 344 and 440–449).
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search entries' }), { target: { value: 'word 44' } });
    await waitFor(() => expect(screen.getByText('14 matches')).toBeTruthy(), { timeout: 3000 });
  });

  it('shows an entry within a deck with practice links, and the practice pages', async () => {
    const { router } = renderAt(`/decks/${DECK_ID}/entries/${ENTRY_ID(0)}`);
    expect(await screen.findByText('I write a word')).toBeTruthy();
    const writing = screen.getByRole('link', { name: 'Practise writing' });
    expect(writing.getAttribute('href')).toBe(`/decks/${DECK_ID}/entries/${ENTRY_ID(0)}/writing`);
    await act(() => router.navigate(`/decks/${DECK_ID}/entries/${ENTRY_ID(0)}/writing`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Writing: 단어000' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Guided' })).toBeTruthy();
    await act(() => router.navigate(`/decks/${DECK_ID}/review`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review: Basics' })).toBeTruthy();
  });

  it('counts the cards of the list scope (the language) by state and by today', async () => {
    renderAt('/cards');
    expect(await screen.findByText('3 cards in Korean')).toBeTruthy();
    expect(screen.getByText('Due now: 1')).toBeTruthy();
    expect(screen.getByText('In learning steps: 1')).toBeTruthy();
    expect(screen.getByText('In review: 1')).toBeTruthy();
  });

  it('lists languages with counts in the admin layout', async () => {
    signInLocally('admin-1', { role: 'admin' });
    try {
      renderAt('/admin');
      expect(await screen.findByRole('link', { name: 'Korean · 한국어' })).toBeTruthy();
      // The counts are the server's; it refuses this forged token, so the table says so
      // rather than showing this device's copy.
      expect(await screen.findByText(/counts are not shown/)).toBeTruthy();
      expect(screen.queryByText('450')).toBeNull();
      expect(screen.getByText('WriteIt Admin')).toBeTruthy();
    } finally {
      signOutLocally();
    }
  });

  it('shows the 403 page instead of the admin layout to a guest, a learner and another language’s editor', async () => {
    const title = "This area is for the app's editors";
    renderAt('/admin/ko/entries');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByText('WriteIt Admin')).toBeNull();
    expect(within(screen.getByTestId('admin-forbidden')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin?continueUrl=%2Fadmin%2Fko%2Fentries');
    cleanup();
    // A learner reads plain words and who to ask: no server commands, no documentation.
    signInLocally('learner', { role: 'user' });
    try {
      renderAt('/admin');
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const page = screen.getByTestId('admin-forbidden');
      expect(page.textContent).toMatch(/a learner's account.*ask whoever runs this app to make you an editor/);
      expect(page.textContent).not.toMatch(/writeit|docs\//);
    } finally {
      signOutLocally();
    }
    cleanup();
    signInLocally('editor-ja', { role: 'editor', langs: ['ja'] });
    try {
      renderAt('/admin/ko');
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(/edits other languages, not Korean/)).toBeTruthy();
      expect(screen.getByText(/“Roles” in its documentation/)).toBeTruthy();
    } finally {
      signOutLocally();
    }
  });

  it('gives a fatal 404 for invalid parameters', async () => {
    renderAt('/decks/not-a-uuid/review');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Page Not Found: /decks/not-a-uuid/review')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('leaves the error page behind when the app navigates elsewhere', async () => {
    const { router } = renderAt('/decks/not-a-uuid/review');
    expect(await screen.findByText('Page Not Found: /decks/not-a-uuid/review')).toBeTruthy();
    await act(() => router.navigate('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.queryByText('Page Not Found: /decks/not-a-uuid/review')).toBeNull();
  });

  it('gives a fatal 404 for an invalid language code in admin', async () => {
    renderAt('/admin/NOT_A_CODE/decks');
    expect(await screen.findByText('Page Not Found: /admin/NOT_A_CODE/decks')).toBeTruthy();
  });

  it('keeps the layout around the non-fatal 404 of an unmatched route', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Page not found: /no/such/page')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('switches the locale from settings without a reload, in Korean', async () => {
    const { i18n } = renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    await act(() => i18n.setLocale('ko-KR'));
    expect(await screen.findByRole('heading', { level: 1, name: '설정' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko-KR');
    expect(document.cookie).toContain('locale=ko-KR');
  });

  it('turns right-to-left for Arabic and falls back to English when a locale fails', async () => {
    const { i18n } = renderAt('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await act(() => i18n.setLocale('ar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    await act(() => i18n.setLocale('he'));
    expect(await screen.findByText('Failed loading locale (he)')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });
});

// A brand-new learner, on a desktop and on a phone, from the landing page to the first answered
// card without visiting a deck page: choose the language (Chinese, so Home must offer Chinese
// decks), sign up, follow a suggested deck from Home, Start, answer; the answer is then read
// from the server. Home's figures are what Start opens: the session's fixed total equals the
// total Home promised, with a new card, a card in learning and a card due now.
//
// The figure (issue 25): clicks and seconds from the landing page to the first card on screen.
// Clicks count pointer presses on the app's buttons and links; filling the sign-up form (typing
// the address and the password, Enter to send it) is counted apart as fields. Seconds: the app's
// own time measured here, plus a person's time for the same steps by the keystroke-level model
// (Card, Moran & Newell: 1.35 s to decide, 1.1 s to point, 0.2 s to press, 0.28 s a key for an
// average typist), printed together.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import { cardId } from '../src/db/cardId';
import { query, type Row } from './helpers';
import { card, PASSWORD, userQuery } from './learner';

/** Keystroke-level model operators (seconds). */
const KLM = { think: 1.35, point: 1.1, press: 0.2, key: 0.28 };

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;

interface StoredReview {
  id: string;
  cardId: string;
  rating: number;
  deleted: boolean;
}

/** The signed-in session the app keeps (src/session/auth.ts). */
async function sessionOf(page: Page): Promise<{ userId: string; idToken: string }> {
  const raw = await page.evaluate(() => localStorage.getItem('auth'));
  expect(raw, 'a stored session').not.toBeNull();
  return JSON.parse(raw!) as { userId: string; idToken: string };
}

/** Home's three figures and Start's total, read at one moment. */
async function homeFigures(page: Page): Promise<{ new: number; learning: number; due: number; start: number }> {
  await expect(page.getByTestId('home-start')).toBeVisible();
  const read = () =>
    page.evaluate(() => {
      const num = (id: string) => Number(document.querySelector(`[data-testid="${id}"]`)?.textContent);
      const start = Number(document.querySelector('[data-testid="home-start"]')?.getAttribute('data-total'));
      return { new: num('home-new'), learning: num('home-learning'), due: num('home-due'), start };
    });
  // Read once all four are on screen: Home may render again meanwhile (a language still coming
  // in to this device, db/languages.ts), between the check above and the read.
  await expect.poll(async () => Object.values(await read()).some(Number.isNaN)).toBe(false);
  return read();
}

for (const size of SIZES) {
  test.describe(`first run on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('from the landing page to a first answered card, and Home keeps its promise', async ({ page, request }) => {
      test.setTimeout(120_000);
      const zhDecks = (await query(request, 'queryDecks', { offset: 0, limit: 5000 })).filter((d: Row) => d.languageCode === 'zh' && !d.deleted);
      expect(zhDecks.length, 'the Chinese starter decks').toBeGreaterThan(0);
      let clicks = 0;
      let think = 0;
      const click = async (target: Locator) => {
        clicks++;
        await target.click();
      };
      const email = `first-${size.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

      const started = Date.now();
      const steps: string[] = [];
      const mark = (step: string) => steps.push(`${step} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      await page.goto('/');
      // The landing page says what you will learn, and offers the languages by name, sorted.
      await expect(page.getByRole('heading', { level: 1, name: 'Learn to read and write Korean' })).toBeVisible();
      mark('landing');
      const choices = page.getByRole('region', { name: 'Choose the language you want to learn' }).getByRole('button');
      await expect(choices).toHaveCount(8);
      const names = await choices.evaluateAll((els) => els.map((e) => e.firstElementChild?.textContent ?? ''));
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(names).toContain('Chinese');
      for (const n of names) expect(n).not.toMatch(/^[a-z]{2}(-[a-z]+)?$/);
      mark('languages');
      think++;

      // 1. Choose the language: the sign-up form opens.
      await click(page.getByRole('button', { name: /^Chinese/ }));
      await expect(page).toHaveURL(/\/signin\?mode=signUp$/);
      const form = page.getByRole('form', { name: 'Create an account' });
      await expect(form).toBeVisible();
      // The form: two fields typed, sent with Enter (counted as form filling, not clicks).
      const formStarted = Date.now();
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(PASSWORD);
      await form.getByLabel('Password').press('Enter');
      const typed = email.length + PASSWORD.length + 1;
      // Lands on Home, studying Chinese, with the note to check the inbox.
      await expect(page).toHaveURL(/\/home$/);
      const formMs = Date.now() - formStarted;
      mark('home');
      await expect(page.getByTestId('check-inbox')).toContainText(`we sent a link to ${email}`);
      await expect(page.getByText('Studying Chinese')).toBeVisible();

      // Home suggests the Chinese starter decks, and only those.
      const suggested = page.getByRole('region', { name: 'Start with a Chinese deck' }).getByRole('article');
      await expect(suggested.first()).toBeVisible();
      const titles = await suggested.getByRole('heading').allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(zhDecks.map((d) => d.title)).toContain(title);
      const deck = zhDecks.find((d) => d.title === titles[0])!;
      mark('suggestions');
      think++;
      // 2. Follow the first suggested deck: its new cards are ready.
      await click(suggested.first().getByRole('button', { name: 'Follow' }));
      const promised = await homeFigures(page);
      mark('start');
      const kinds = 3;
      // One new card per entry a day first; siblings only when no other card is left (buried).
      const fresh = Math.min(20, deck.entryIds!.length * kinds);
      expect(promised).toEqual({ new: fresh, learning: 0, due: 0, start: fresh });
      await expect(page.getByTestId('home-start')).toHaveText(`Start: ${promised.start} cards`);
      think++;
      // 3. Start: the first card is on screen, and the session holds what Home promised.
      await click(page.getByTestId('home-start'));
      await expect(card(page)).toBeVisible();
      const firstCardMs = Date.now() - started;
      await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/review$`));
      await expect(page.getByTestId('study-progress')).toHaveText(`0 of ${promised.start} done`);

      // Answering: reveal and Good (not counted: the figure stops at the first card).
      const answered = await card(page).getAttribute('data-card-id');
      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('group', { name: 'Rate your answer' }).getByRole('button', { name: /^Good/ }).click();
      await expect(card(page)).not.toHaveAttribute('data-card-id', answered ?? '');
      // The total stays; the card in its learning steps is counted apart.
      await expect(page.getByTestId('study-progress')).toHaveText(`1 of ${promised.start} done · 1 card in learning steps`);

      // The answer is on the server.
      const auth = await sessionOf(page);
      await expect
        .poll(async () => (await userQuery<StoredReview>(request, auth.idToken, 'queryUserReviews')).filter((r) => !r.deleted).map((r) => [r.cardId, r.rating]), {
          timeout: 30_000,
        })
        .toEqual([[answered, 3]]);
      const followed = await userQuery<{ deckId: string; deleted: boolean }>(request, auth.idToken, 'queryUserDecks');
      expect(followed.map((d) => [d.deckId, d.deleted])).toEqual([[deck.id, false]]);

      // Another card answered Again a quarter of an hour ago (on another device): due now.
      const other = deck.entryIds!.find((id) => cardId(id, 'meaning') !== answered)!;
      const review = { id: uuidv7(), cardId: cardId(other, 'meaning'), entryId: other, kind: 'meaning', rating: 1, reviewedAt: Date.now() - 15 * 60_000, durationMs: 3000 };
      const saved = await request.post('/api/trpc/saveUserReview', { data: review, headers: { authorization: `Bearer ${auth.idToken}` } });
      expect(saved.ok(), await saved.text()).toBe(true);

      // Home's figures are the session's: one due now, one in learning later today, the rest new.
      await page.goto('/home');
      // (Polled: the sync brings that card before its review, and Home follows each step.)
      const later = { new: promised.new - 2, learning: 1, due: 1, start: promised.start - 1 };
      await expect.poll(() => homeFigures(page), { timeout: 30_000 }).toEqual(later);
      await page.getByTestId('home-start').click();
      await expect(card(page)).toBeVisible();
      // The counter is the day's: the two cards answered today are done, and come back in their
      // learning steps; the rest is the new cards Home promised.
      await expect(page.getByTestId('study-progress')).toHaveText(`2 of ${later.new + 2} done · 2 cards in learning steps`);
      // Due first: the card due now opens the session.
      await expect(card(page)).toHaveAttribute('data-card-id', review.cardId);

      // Home is of one language: studying Korean, it offers Korean decks, and Chinese one click away.
      await page.evaluate(() => localStorage.setItem('languageCode', 'ko'));
      await page.goto('/home');
      await expect(page.getByRole('region', { name: 'Start with a Korean deck' })).toBeVisible();
      await page.getByTestId('other-languages').getByRole('button', { name: 'Chinese' }).click();
      await expect(page.getByText('Studying Chinese')).toBeVisible();
      await expect(page.getByTestId('home-start')).toHaveAttribute('data-total', String(later.start));

      const person = clicks * (KLM.think + KLM.point + KLM.press) + 2 * (KLM.think + KLM.point + KLM.press) + typed * KLM.key;
      console.log(
        `first run (${size.name} ${size.viewport.width}×${size.viewport.height}): ${clicks} clicks + a form of 2 fields (${typed} keys, Enter to send); ` +
          `landing → first card ${(firstCardMs / 1000).toFixed(1)} s of the app's time (the form ${(formMs / 1000).toFixed(1)} s of it); ` +
          `a person's time by the keystroke-level model ≈ ${(person + firstCardMs / 1000).toFixed(0)} s (${think} decisions, ${clicks} clicks, 2 fields); ` +
          `on screen at: ${steps.join(', ')}`,
      );
      // The seconds are a figure, printed above, not asserted: a loaded machine's pace is not the
      // app's (speed is judged in benchmarks). The clicks are the app's own, so they are asserted.
      expect(clicks).toBeLessThanOrEqual(3);
    });
  });
}

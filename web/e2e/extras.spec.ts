// Issue 25, items 6 and 7 end to end: an admin attaches a recording to an entry (stored on the
// server, its URL in the entry), a learner on a device with no speech voice (Chromium here has
// none) hears it through Listen, and an entry without one says so once with Dictation hidden;
// Admin in the navigation only for those who may use it; the review's key hints hidden on a
// touch-only device.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { KOREAN_DECK_TITLE, collectPageErrors, query, signInAsAdmin, waitForStarterSync } from './helpers';
import { card, deckId, openSignedIn, signUp } from './learner';

/** A real WAV file: 0.2 s of 8-bit silence at 8 kHz. */
function wav(samples = 1600): Buffer {
  const b = Buffer.alloc(44 + samples, 128);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples, 40);
  return b;
}

/** Records the sources of every audio element played in the page. */
async function recordPlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.currentSrc || this.src);
      return play.call(this);
    };
  });
}

interface EntryRow {
  id: string;
  text: string;
  audioUrl?: string | null;
  deleted?: boolean;
}

test('an admin attaches a recording, and a learner with no voice hears it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  const [withAudio, without] = [deck.entryIds[0]!, deck.entryIds[1]!];

  await signInAsAdmin(page, request);
  await page.goto(`/admin/ko/entries/${withAudio}`);
  const upload = page.getByTestId('audio-file');
  // Not audio, whatever its name says: refused with a readable message, the field untouched.
  await upload.setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('just some text, not a recording') });
  await expect(page.getByRole('alert')).toHaveText('This file is not a recording: use MP3, Ogg, WAV, M4A, WebM or FLAC.');
  await upload.setInputFiles({ name: 'empty.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert')).toHaveText('This file is empty.');

  await upload.setInputFiles({ name: 'annyeong.wav', mimeType: 'audio/wav', buffer: wav() });
  await expect(page.getByText('Recording attached. Save the entry to keep it.')).toBeVisible();
  const field = page.getByLabel('Audio URL');
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{64}\.wav$/);
  const url = await field.inputValue();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved. It reaches learners on their next sync.')).toBeVisible();

  // The server stores the entry with its URL, and serves the file there.
  await expect
    .poll(async () => (await query<EntryRow[]>(request, 'queryEntries', { offset: 0, limit: 5000 })).find((e) => e.id === withAudio)?.audioUrl, { timeout: 30_000 })
    .toBe(url);
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('audio/wav');
  expect(Buffer.from(await file.body()).equals(wav())).toBe(true);

  // A learner's browser: what Chromium offers as voices here (none), then Listen.
  const context = await browser.newContext();
  const learner = await context.newPage();
  const learnerErrors = collectPageErrors(learner);
  await recordPlays(learner);
  await learner.goto('/decks');
  await waitForStarterSync(learner);
  const voices = await learner.evaluate(
    () =>
      new Promise<number>((resolve) => {
        speechSynthesis.getVoices();
        setTimeout(() => resolve(speechSynthesis.getVoices().length), 1500);
      }),
  );
  console.log(`speechSynthesis.getVoices() in this Chromium: ${voices} voices`);
  expect(voices, 'this test is about a device with no voice').toBe(0);

  await learner.goto(`/entries/${withAudio}`);
  const listen = learner.getByRole('button', { name: 'Listen' });
  await expect(listen).toHaveAttribute('data-source', 'recording');
  await expect(learner.getByTestId('no-voice')).toHaveCount(0);
  const media = learner.waitForResponse((r) => r.url().endsWith(url) && r.ok());
  await listen.click();
  await media;
  await expect.poll(() => learner.evaluate(() => (window as unknown as { played: string[] }).played)).toEqual([new URL(url, learner.url()).href]);

  // Writing: Dictation is there, since the word can be heard.
  await learner.goto(`/decks/${deck.id}/entries/${withAudio}/writing`);
  await expect(learner.getByRole('tab', { name: 'Dictation' })).toBeVisible();

  // An entry with no recording: no Listen, one notice in one wording, and no Dictation.
  await learner.goto(`/entries/${without}`);
  await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(learner.getByTestId('no-voice')).toHaveCount(1);
  await expect(learner.getByTestId('no-voice')).toHaveText(
    "This entry has no recording and this device has no Korean voice, so it cannot be played here. Add a voice in your system's speech settings to listen and to practise dictation.",
  );
  await expect(learner.getByRole('button', { name: 'Listen' })).toHaveCount(0);
  await learner.goto(`/decks/${deck.id}/entries/${without}/writing`);
  await expect(learner.getByRole('tab', { name: 'Guided' })).toBeVisible();
  await expect(learner.getByRole('tab', { name: 'Dictation' })).toHaveCount(0);
  await expect(learner.getByTestId('no-voice')).toHaveCount(1);
  await learner.goto(`/decks/${deck.id}/entries/${without}/reading`);
  await expect(learner.getByTestId('no-voice')).toHaveCount(1);
  await expect(learner.getByRole('button', { name: 'Listen' })).toHaveCount(0);
  // Nor does the keyboard hint offer L to listen.
  await expect(learner.getByTestId('key-hints')).toHaveText('Keys: Space or Enter reveals · 1–4 grade · U undoes');

  expect(errors.map((e) => e.message)).toEqual([]);
  expect(learnerErrors.map((e) => e.message)).toEqual([]);
  await context.close();
});

test('Admin shows in the navigation only for admins and editors', async ({ page, request, browser }) => {
  const admin = () => page.getByRole('navigation').getByRole('link', { name: 'Admin' });
  await page.goto('/home');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Decks' }).first()).toBeVisible();
  await expect(admin()).toHaveCount(0);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await openSignedIn(learner, await signUp(request), '/home');
  await expect(learner.getByRole('link', { name: /^Signed in as / })).toBeVisible();
  await expect(learner.getByRole('navigation').getByRole('link', { name: 'Decks' }).first()).toBeVisible();
  await expect(learner.getByRole('navigation').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await learnerContext.close();

  await signInAsAdmin(page, request);
  await page.goto('/home');
  await expect(admin().first()).toBeVisible();
  await admin().first().click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('the review on a touch screen has no keyboard hints, on a desktop it has', async ({ page, request, browser }) => {
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await page.goto(`/decks/${deck.id}/review`);
  await expect(card(page)).toBeVisible();
  await expect(page.getByTestId('key-hints')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const touch = await phone.newPage();
  expect(await touch.evaluate(() => matchMedia('(pointer: coarse) and (not (any-pointer: fine))').matches), 'the phone has only a coarse pointer').toBe(true);
  await touch.goto(`/decks/${deck.id}/review`);
  await expect(card(touch)).toBeVisible();
  await expect(touch.getByRole('button', { name: 'Show answer' })).toBeVisible();
  await expect(touch.getByTestId('key-hints')).toHaveCount(0);
  // A key pressed: a keyboard is there after all, and the hints come back.
  await touch.keyboard.press('Shift');
  await expect(touch.getByTestId('key-hints')).toBeVisible();
  await phone.close();
});

test("a deck's export is named after its title as written", async ({ page, request }) => {
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  await signInAsAdmin(page, request);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { idToken?: string }).idToken ?? '');
  const id = crypto.randomUUID();
  const title = '한국어: 기초 "1"';
  const saved = await request.post('/api/trpc/saveDeck', {
    headers: { Authorization: `Bearer ${token}` },
    data: { id, languageCode: 'ko', title, description: '', entryIds: deck.entryIds.slice(0, 3), position: 99 },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/admin/ko/decks/${id}`);
  for (const [button, name] of [['Export CSV', '한국어_ 기초 _1_.csv'], ['Export Anki', '한국어_ 기초 _1_.apkg']] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    // Only the colon and the quotes, which file systems refuse, are replaced; before, every
    // character outside ASCII became '_' ("_____ _1_.csv").
    expect((await download).suggestedFilename()).toBe(name);
  }
});

test("headings showing an entry's text are no smaller than the body text", async ({ page, request }) => {
  test.setTimeout(120_000);
  const deck = await deckId(request, KOREAN_DECK_TITLE);
  const entry = deck.entryIds[2]!;
  await page.goto('/decks');
  await waitForStarterSync(page);
  const paths = [`/entries/${entry}`, `/decks/${deck.id}`, `/decks/${deck.id}/entries/${entry}`, `/decks/${deck.id}/entries/${entry}/reading`, `/decks/${deck.id}/entries/${entry}/writing`, `/decks/${deck.id}/review`];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Every piece of text in a heading, at its computed size, against the body's.
      const small = await page.evaluate(() => {
        const body = parseFloat(getComputedStyle(document.body).fontSize);
        return Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'))
          .flatMap((h) => [h, ...Array.from(h.querySelectorAll('*'))])
          .filter((el) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''))
          .filter((el) => parseFloat(getComputedStyle(el).fontSize) < body)
          .map((el) => `${getComputedStyle(el).fontSize} ${el.textContent!.slice(0, 40)}`);
      });
      expect(small, `${path} at ${width}px`).toEqual([]);
    }
  }
});

test('the writing sliders show their values beside labels that do not overlap', async ({ page }) => {
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/settings');
    const section = page.locator('section', { has: page.locator('#settings-writing') });
    const leniency = section.getByTestId('writing-leniency');
    await expect(leniency).toHaveText('1.0');
    await expect(section.getByTestId('writing-misses')).toHaveText('3');
    const slider = section.getByRole('slider', { name: 'How strictly strokes are judged' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(leniency).toHaveText('1.1');
    await page.keyboard.press('ArrowLeft');
    await expect(leniency).toHaveText('1.0');
    // Every text of the section in its own box: label, value, the ends' words.
    const boxes = await section.locator('p, output, span.MuiTypography-root').evaluateAll((els) =>
      els.filter((e) => e.textContent!.trim() !== '').map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent!, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${a.text} / ${b.text} at ${width}px`).toBe(false);
  }
});

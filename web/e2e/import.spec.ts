// Import in the admin area (issue 8): a CSV goes through preview, mapping and progress into a new
// deck that then lists its entries; a file with a bad row is refused whole, with the row named.
import { expect, test } from '@playwright/test';
import { signInAsAdmin, waitForFullSync } from './helpers';

function csv(rows: number, bad?: number): Buffer {
  const lines = ['Hangul,Romanization,English'];
  for (let i = 1; i <= rows; i++) lines.push(i === bad ? `,missing ${i},no text` : `단어${i},daneo ${i},word ${i}`);
  return Buffer.from(lines.join('\n') + '\n');
}

test('imports a CSV into a new deck, and refuses a file with a bad row whole', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, request);
  await waitForFullSync(page);
  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import entries into ko' });
  await dialog.getByTestId('import-file').setInputFiles({ name: 'words.csv', mimeType: 'text/csv', buffer: csv(3000) });
  await expect(dialog.getByText('3,000 rows (CSV). The first ones:')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'First rows of the file' }).getByText('단어1', { exact: true })).toBeVisible();
  await dialog.getByLabel('Title of the new deck').fill('Imported words');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/Imported 3,000 entries in/)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('link', { name: 'Open the deck' }).click();
  // The deck arrives with the sync the import started (3,000 entries).
  await expect(page.getByRole('heading', { name: 'Imported words' })).toBeVisible({ timeout: 45_000 });

  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const again = page.getByRole('dialog', { name: 'Import entries into ko' });
  await again.getByTestId('import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csv(50, 42) });
  await again.getByLabel('Title of the new deck').fill('Never made');
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(again.getByRole('alert')).toContainText(/Not imported: .*row 42/);
  const decks = await request.get(`/api/trpc/queryDecks?input=${encodeURIComponent(JSON.stringify({ offset: 0 }))}`);
  const titles = ((await decks.json()) as { result: { data: { title: string }[] } }).result.data.map((d) => d.title);
  expect(titles).toContain('Imported words');
  expect(titles).not.toContain('Never made');
});

// Import in the admin area (issue 8): a CSV goes through preview, mapping and progress into a new
// deck that then lists its entries; a file with a bad row is refused whole, with the row named;
// importing words the language already has reuses its entries.
import { expect, test } from '@playwright/test';
import { signInAsAdmin, waitForFullSync } from './helpers';

/** Words no other run made (a retry runs against the same server). */
const RUN = Date.now().toString(36);

function csv(rows: number, bad?: number): Buffer {
  const lines = ['Hangul,Romanization,English'];
  for (let i = 1; i <= rows; i++) lines.push(i === bad ? `,missing ${i},no text` : `단어${RUN}-${i},daneo ${i},word ${i}`);
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
  await expect(dialog.getByRole('table', { name: 'First rows of the file' }).getByText(`단어${RUN}-1`, { exact: true })).toBeVisible();
  await dialog.getByLabel('Title of the new deck').fill('Imported words');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/Imported 3,000 entries in/)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('link', { name: 'Open the deck' }).click();
  // The deck arrives with the sync the import started (3,000 entries).
  await expect(page.getByRole('heading', { name: 'Imported words' })).toBeVisible({ timeout: 45_000 });
  // 3,000 rows are shown a hundred at a time (all at once, their drag-and-drop froze the page).
  const rows = page.getByRole('list', { name: 'Entries of the deck, in order' }).getByRole('listitem');
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Show 100 more (2,900 not shown)' }).click();
  await expect(rows).toHaveCount(200);
  await expect(rows.nth(199)).toContainText(`단어${RUN}-200`);

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

  // The first 20 words again: the language has them, so its entries are listed, none made.
  await page.goto('/admin/ko/decks');
  await page.getByRole('button', { name: 'Import…' }).click();
  const third = page.getByRole('dialog', { name: 'Import entries into ko' });
  await third.getByTestId('import-file').setInputFiles({ name: 'some.csv', mimeType: 'text/csv', buffer: csv(20) });
  await third.getByLabel('Title of the new deck').fill('The first twenty');
  await expect(third.getByRole('checkbox', { name: /Use the entries this language already has/ })).toBeChecked();
  await third.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(third.getByText(/Imported 0 entries in .* s\. 20 rows named entries already there\./)).toBeVisible({ timeout: 30_000 });
});

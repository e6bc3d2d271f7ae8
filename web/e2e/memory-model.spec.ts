// Issue 27: a learner with a long history sees fitted parameters and the simulator. A new learner's
// months of reviews (a seeded simulated learner whose true weights differ from the defaults:
// e2e/simulatedLearner.ts) go in through the real API; on the statistics page they fit their
// memory model (told, when offline, that it needs the server), see it fitted on every review they
// sent, move the desired retention and see the workload change; the journey ends by reading the
// server's row and finding its figures on screen (and axe finding no WCAG 2.1 AA violation in the
// two sections).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { UserParameters } from '../src/api/generated/types';
import { query } from './helpers';
import { openSignedIn, signUp, userQuery, waitForSync } from './learner';
import { sendReviews, simulateHistory } from './simulatedLearner';

test('a learner with a long history sees fitted parameters and the simulator', async ({ page, request }) => {
  test.setTimeout(180_000);
  const auth = await signUp(request);
  const entries = (await query<{ id: string; deleted: boolean }[]>(request, 'queryEntries', { offset: 0, limit: 5000 })).filter((e) => !e.deleted);
  expect(entries.length).toBeGreaterThanOrEqual(150);
  const reviews = simulateHistory({ seed: 27, entryIds: entries.slice(0, 150).map((e) => e.id), now: Date.now(), days: 200, newPerDay: 3 });
  expect(reviews.length).toBeGreaterThan(1000);
  expect(reviews.length).toBeLessThan(1500);
  await sendReviews(request, auth.idToken, reviews);
  const count = new Intl.NumberFormat('en-US').format(reviews.length);

  await openSignedIn(page, auth, '/cards');
  await waitForSync(page, auth.userId);
  await page.getByRole('tab', { name: 'Statistics' }).click();
  const model = page.getByRole('region', { name: 'Your memory model' });
  await expect(model).toBeVisible();
  // Fitting needs the server: offline, the learner is told so.
  await page.context().setOffline(true);
  await model.getByRole('button', { name: 'Fit now' }).click();
  await expect(model.getByRole('alert')).toContainText('You are offline: fitting needs the server.');
  await page.context().setOffline(false);
  await model.getByRole('button', { name: 'Fit now' }).click();
  await expect(model.getByText('You are offline: fitting needs the server.')).toHaveCount(0);
  // Fit now says what it did.
  await expect(model.getByTestId('memory-fit-outcome')).toContainText(`Fitted to your ${count} answers`, { timeout: 60_000 });
  await expect(model.getByTestId('memory-fitted')).toHaveText('Fitted to you');
  await expect(model.getByTestId('memory-status')).toContainText(`Fitted on ${count} of your reviews`);

  // The simulator: 90 % at first, then five steps down, and its figures move.
  const simulator = page.getByRole('region', { name: 'Desired retention and workload' });
  await expect(simulator.getByTestId('memory-retention')).toHaveText('90%');
  const minutesAt90 = await simulator.getByTestId('memory-minutes365').textContent();
  const slider = simulator.getByRole('slider', { name: 'Desired retention' });
  await slider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await expect(simulator.getByTestId('memory-retention')).toHaveText('85%');
  await expect(simulator.getByTestId('memory-minutes365')).not.toHaveText(minutesAt90 ?? '');

  // What the server stored, and the page shows it.
  const rows = await userQuery<UserParameters>(request, auth.idToken, 'queryUserParameters');
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({ id: auth.userId, fitted: true, reviews: reviews.length, deleted: false });
  expect(row.weights).toHaveLength(21);
  const three = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  await expect(model.getByTestId('memory-logLoss')).toContainText(three.format(row.defaultLogLoss!));
  await expect(model.getByTestId('memory-logLoss')).toContainText(three.format(row.logLoss!));
  await expect(model.getByTestId('memory-rmse')).toContainText(three.format(row.rmse!));
  const at85 = row.workload.find((p) => Math.abs(p.desiredRetention - 0.85) < 0.001);
  expect(at85).toBeDefined();
  const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
  await expect(simulator.getByTestId('memory-minutes365')).toHaveText(oneDecimal.format(at85!.minutesPerDay365));
  await expect(simulator.getByTestId('memory-reviews30')).toHaveText(oneDecimal.format(at85!.reviewsPerDay30));

  const { violations } = await new AxeBuilder({ page })
    .include('#memory-model')
    .include('#memory-workload')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

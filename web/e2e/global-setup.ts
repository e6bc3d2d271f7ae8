// Starts a real `writeit serve` (e2e/server.ts) on a free loopback port with a temporary database,
// serving the built app from dist/ (run `npm run build` first; WRITEIT_E2E_DIST overrides the
// folder). Its URL reaches the workers through WRITEIT_E2E_URL, which playwright.config.ts uses as
// baseURL, its data folder (for the mail outbox) through WRITEIT_E2E_DATA, and the contexts'
// starting storage through WRITEIT_E2E_STORAGE. The returned function is the teardown: it prints
// the learner journeys' figures (e2e/journeyTally.ts), stops the server and removes its data.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every starter language kept offline (db/languages.ts): the specs open decks of any language, as
 * before languages were pulled per learner; e2e/languages.spec.ts starts without it. */
const KEEP_EVERY_LANGUAGE = JSON.stringify({ held: {}, keep: ['ar', 'el', 'en', 'he', 'ja', 'ko', 'ru', 'zh'] });
import { journeySummary } from './journeyTally';
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.WRITEIT_E2E_URL = server.url;
  // Mail goes to <data>/outbox/*.eml when no SMTP server is set (docs/identity.md).
  process.env.WRITEIT_E2E_DATA = server.dataDir;
  // Every context starts with page snapshots turned off (app/snapshot): the tests check the live
  // page, which a snapshot painted before it would stand in for; e2e/snapshot.spec.ts turns them
  // on to test them.
  const storage = join(server.dataDir, 'e2e-storage.json');
  writeFileSync(
    storage,
    JSON.stringify({ cookies: [], origins: [{ origin: new URL(server.url).origin, localStorage: [{ name: 'pageSnapshotsOff', value: '1' }, { name: 'languageState', value: KEEP_EVERY_LANGUAGE }] }] }),
  );
  process.env.WRITEIT_E2E_STORAGE = storage;
  return async () => {
    const summary = journeySummary(server.dataDir);
    if (summary) console.log(summary);
    await server.stop();
  };
}

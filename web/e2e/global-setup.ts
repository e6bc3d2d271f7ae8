// Starts a real `writeit serve` (e2e/server.ts) on a free loopback port with a temporary database,
// serving the built app from dist/ (run `npm run build` first; WRITEIT_E2E_DIST overrides the
// folder). Its URL reaches the workers through WRITEIT_E2E_URL, which playwright.config.ts uses as
// baseURL, and its data folder (for the mail outbox) through WRITEIT_E2E_DATA. The returned function is the teardown: it stops the server and removes its data.
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.WRITEIT_E2E_URL = server.url;
  // Mail goes to <data>/outbox/*.eml when no SMTP server is set (docs/identity.md).
  process.env.WRITEIT_E2E_DATA = server.dataDir;
  return () => server.stop();
}

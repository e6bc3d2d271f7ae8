// The sync worker (started by db/workerPull.ts): runs runPublicPull for each request and posts
// its events back with the request's id.
import { db } from './db';
import { createApi } from '../api/client';
import { announceTableChanged, DEXIE_MUTATIONS_CHANNEL, runPagePull, runPublicPull } from './publicPull';
import type { PullReply, PullRequest } from './workerPull';
import type { PullEvent } from './publicPull';
import type { SyncedTable } from './db';
import { warmDateTimeData } from '../i18n/formatDateTime';

const scope = globalThis as unknown as {
  postMessage(message: PullReply): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<PullRequest>) => void): void;
};

// This context announces each table it wrote as a whole (announceTableChanged), so Dexie's
// per-key change sets are not collected here at all.
db.unuse({ stack: 'dbcore', name: 'Observability' });
// Opened now, while the main thread pushes the outbox: the first page need not wait for it (a
// failure is met again, and reported, by the first page's transaction).
db.open().catch(() => undefined);
const mutations = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
let warmed = false;

scope.addEventListener('message', ({ data: request }) => {
  const { id, url } = request;
  // Public tables only: no ID token.
  const api = createApi({ url, getIdToken: () => Promise.resolve(null) });
  const deps = { db, api, post: (event: PullEvent) => scope.postMessage({ id, ...event }), changed: (table: SyncedTable) => announceTableChanged(db, table, mutations) };
  if (request.kind === 'page') void runPagePull(deps, request.table, request.input);
  else void runPublicPull(deps, request);
  // Once the first request is on its way (the API client sends its batch from a timer), and while
  // this thread waits for the answer: the date-time locale data the main thread would otherwise
  // load in a task of its own, 20-45 ms (i18n/formatDateTime.ts).
  if (!warmed) {
    warmed = true;
    setTimeout(warmDateTimeData, 0);
  }
});

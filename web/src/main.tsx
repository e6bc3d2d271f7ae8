// Entry point: the theme loads first (its store reads local storage synchronously when imported),
// then the locale's messages and the first page's code load before the app mounts; global error
// handlers, the service worker and the update checks are installed. React DOM and MUI's core are
// evaluated before this module, each in a task of its own (app/bootScriptsPlugin.ts).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import messageUrls from 'virtual:i18n-messages';
import './app/themeStore';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './app/fatalError';
import { createI18nStore } from './i18n/i18nStore';
import { preloadPage } from './app/router';
import { startAppAutoSync } from './app/syncBridge';
import { nextTask } from './app/nextTask';
import { safeLocalStorage } from './app/safeLocalStorage';
import { loadRtlCache } from './app/rtlStyles';

installGlobalErrorHandlers();
const i18n = createI18nStore({
  document,
  navigator,
  storage: safeLocalStorage(),
  urls: messageUrls,
  prepare: (dir) => (dir === 'rtl' ? loadRtlCache() : undefined),
});
const root = document.getElementById('root');
// Starting a chunk's load also adds a modulepreload link per chunk it needs (Vite), which takes
// time of its own, so the loads start over several tasks, the first page's first: the
// locale's messages and the page's code, then the local database and the sync engine (the first
// sync starts as soon as it is here), and the service worker with the update checks once the app
// has rendered (app/fatalError.ts reloads on chunk-load errors). The app mounts once the page's
// code is here, so the first page renders whole instead of suspending (see preloadPage).
void i18n.init();
const firstPage = root ? preloadPage(window.location.pathname) : Promise.resolve();
void nextTask().then(() => {
  void import('./db/db').then(({ db }) => db.open()).catch(() => undefined);
  void startAppAutoSync().catch(() => undefined);
});
void firstPage
  .finally(() => {
    if (!root) return;
    const reactRoot = createRoot(root);
    // As a transition React renders the first page in slices of a few milliseconds, not in one
    // long task: input stays responsive while it works (Lighthouse mobile: total blocking time
    // 630 -> 300 ms), and the page is shown no later.
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App i18n={i18n} />
        </StrictMode>,
      ),
    );
  })
  .finally(() =>
    nextTask()
      .then(() => import('./offline'))
      .then((m) => m.installOffline())
      // Not there (a flaky first visit): the page works on without it; the next load registers it.
      .catch((e: unknown) => console.error('The offline support did not load', e)),
  );

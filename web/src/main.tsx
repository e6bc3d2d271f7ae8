// Entry point: the theme loads first (its store reads local storage synchronously when imported),
// then the locale's messages and the first page's code load before the app mounts; global error handlers, the service worker
// and the update checks are installed.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import messageUrls from 'virtual:i18n-messages';
import './app/themeStore';
import { App } from './app/App';
import { installGlobalErrorHandlers } from './app/fatalError';
import { createI18nStore } from './i18n/i18nStore';
import { preloadPage } from './app/router';
import { startAppAutoSync } from './app/syncBridge';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

installGlobalErrorHandlers();
// The service worker and the update checks install from their own chunk, off the first load's
// path. The shell's own handlers (app/fatalError.ts) reload on chunk-load errors, sharing the
// guard key, so the offline module's are not installed.
void import('./offline').then((m) => m.installOffline({ chunkReload: false }));
const i18n = createI18nStore({ document, navigator, storage: safeLocalStorage(), urls: messageUrls });
void i18n.init();
// The sync engine and the local database load while the first page's code does, and the first
// sync starts as soon as the engine is here; the app mounts once the page's code is here, so the
// first page renders whole instead of suspending (see preloadPage).
void import('./db/db').then(({ db }) => db.open()).catch(() => undefined);
void startAppAutoSync().catch(() => undefined);

const root = document.getElementById('root');
if (root) {
  void preloadPage(window.location.pathname).finally(() => {
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
  });
}

// The app: providers around the router and its routes.
import { BrowserRouter } from 'react-router';
import type { I18nStore } from '../i18n/i18nStore';
import { AppProviders } from './AppProviders';
import { listenBeforeTheRouter } from './popFirst';
import { RouteErrorBoundary } from './RootLayout';
import { AppRoutes } from './router';
import { PageSnapshots } from './snapshot/PageSnapshots';

// Editors with unsaved changes hold back and forward (leaveGuard.ts): its listener must come
// before the router's, which BrowserRouter adds when it first renders (popFirst.ts).
if (typeof window !== 'undefined') listenBeforeTheRouter(window);

export function App({ i18n }: { i18n: I18nStore }) {
  return (
    <AppProviders i18n={i18n}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
        <PageSnapshots />
      </BrowserRouter>
    </AppProviders>
  );
}

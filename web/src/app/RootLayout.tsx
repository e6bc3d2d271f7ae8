// The root of every route: the loading bar and its drivers, the locale failure notice, scroll
// restoration, and either the page or the full-page error.
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router';
import { useI18n } from '../i18n/I18nContext';
import { isChunkLoadError, reportAppError } from './errors';
import { reloadForChunkError, useFatalError, clearFatalError } from './fatalError';
import { LoadingBar, NavigationLoadingDriver, SyncLoadingDriver } from './loadingBar';
import { SyncConnector } from './syncBridge';
import { useUpdateAvailable } from '../offline/updates';

const ErrorPage = lazy(() => import('../features/errors/ErrorPage'));

const LocaleFailureNotice = lazy(() => import('./LocaleFailureNotice'));

/** Loads the failure notice only when a locale failed to load. */
function LocaleFailure() {
  const { failedLocale } = useI18n();
  if (!failedLocale) return null;
  return (
    <Suspense fallback={null}>
      <LocaleFailureNotice />
    </Suspense>
  );
}

const UpdatePrompt = lazy(() => import('../offline/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** "A new version is available", loaded only when one is. */
function UpdateNotice() {
  const { t } = useI18n();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt message={t('update.available')} reloadLabel={t('update.reload')} closeLabel={t('update.close')} />
    </Suspense>
  );
}

export function RootLayout() {
  const fatal = useFatalError();
  const location = useLocation();
  useEffect(() => {
    // A navigation leaves the full-page error behind.
    clearFatalError();
  }, [location.pathname]);
  return (
    <>
      <LoadingBar />
      <NavigationLoadingDriver />
      <SyncLoadingDriver />
      <LocaleFailure />
      <UpdateNotice />
      <Suspense fallback={null}>
        <SyncConnector />
      </Suspense>
      <ScrollRestoration />
      {fatal ? (
        <Suspense fallback={null}>
          <ErrorPage error={fatal} />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </>
  );
}

/** The router's error element: route errors (invalid params, loaders, render errors). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    reportAppError(error, 'route');
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return (
    <>
      <LoadingBar />
      <Suspense fallback={null}>
        <ErrorPage error={error} />
      </Suspense>
    </>
  );
}

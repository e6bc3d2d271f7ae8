// The root of every route: the loading bar and its drivers, the locale failure notice, scrolling
// to the top on new pages, and either the page or the full-page error; and the error boundary
// around all of it for errors thrown while rendering (invalid parameters, page failures).
import { Component, Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useI18n } from '../i18n/I18nContext';
import { isChunkLoadError, reportAppError } from './errors';
import { reloadForChunkError, useFatalError, clearFatalError } from './fatalError';
import { LoadingBar, SyncLoadingDriver } from './loadingBar';
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

/** A new page starts at the top; back and forward leave the browser's restored position alone. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo?.(0, 0);
  }, [pathname, type]);
  return null;
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
      <SyncLoadingDriver />
      <LocaleFailure />
      <UpdateNotice />
      <SyncConnector />
      <ScrollToTop />
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

/** The full-page error for an error thrown while rendering a route. */
function RouteError({ error }: { error: unknown }) {
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

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  error?: unknown;
  /** The path the error happened on: navigating elsewhere leaves it behind. */
  pathname?: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    if (state.error === undefined) return state.pathname === props.pathname ? null : { pathname: props.pathname };
    if (state.pathname === undefined || state.pathname === props.pathname) return { ...state, pathname: props.pathname };
    // React merges this into the state: the error must be cleared by name, not left out.
    return { pathname: props.pathname, error: undefined };
  }

  render() {
    return this.state.error !== undefined ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a route throws while rendering and shows the full-page error until the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

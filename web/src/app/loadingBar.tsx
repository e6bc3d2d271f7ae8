// The top loading bar (SPEC §2, §9): one controller shared by navigation and data work.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { LOADING_BAR_HEIGHT_PX, createLoadingBar, type LoadingBarState } from './loadingBarController';
import { useSyncState } from './syncBridge';
import { useT } from '../i18n/I18nContext';

/** The app's loading bar controller. */
export const loadingBar = createLoadingBar();

/** Shows the bar while `promise` is pending (error variant if it rejects); returns the promise. */
export function trackLoading<T>(promise: Promise<T>): Promise<T> {
  const end = loadingBar.begin();
  promise.then(
    () => end(),
    () => end(true),
  );
  return promise;
}

/** The bar's state, and `begin` to hold it for a piece of work. */
export function useLoadingBar(): LoadingBarState & { begin: () => (error?: boolean) => void } {
  const state = useSyncExternalStore(loadingBar.subscribe, loadingBar.getState);
  return { ...state, begin: loadingBar.begin };
}

/** Holds the bar while `active`; when it stops, ends in the error variant if `failed`. */
function useHoldWhile(active: boolean, failed: boolean) {
  const endRef = useRef<((error?: boolean) => void) | null>(null);
  useEffect(() => {
    if (active) {
      endRef.current ??= loadingBar.begin();
    } else if (endRef.current) {
      endRef.current(failed);
      endRef.current = null;
    }
  }, [active, failed]);
  useEffect(
    () => () => {
      endRef.current?.();
      endRef.current = null;
    },
    [],
  );
}

/** Drives the bar from the sync engine's 'syncing' status; ends in the error variant on 'error'. */
export function SyncLoadingDriver() {
  const { status } = useSyncState();
  useHoldWhile(status === 'syncing', status === 'error');
  return null;
}

export function LoadingBar() {
  const t = useT();
  const { status, visible, progress } = useLoadingBar();
  return (
    <Box
      role="progressbar"
      aria-label={t('loading.label')}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      // The bar grows by a transform, set inline: it moves every 100 ms for as long as the work
      // lasts (a first sync: seconds), and a width in `sx` made a new style rule, a layout and a
      // paint of the main thread each time; a transform's transition runs on the compositor.
      style={{ transform: `scaleX(${progress / 100})` }}
      sx={{
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        height: LOADING_BAR_HEIGHT_PX,
        width: '100%',
        // Grows from the inline start: the right-to-left styles (app/rtlCache.ts) turn this into 'right'.
        transformOrigin: 'left',
        opacity: visible ? 1 : 0,
        bgcolor: status === 'error' ? 'error.main' : 'primary.main',
        transition: 'transform 0.1s linear, opacity 0.4s ease',
        pointerEvents: 'none',
      }}
    />
  );
}

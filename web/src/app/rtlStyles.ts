// The right-to-left emotion cache, loaded on demand (app/rtlCache.ts, with stylis' RTL plugin, is
// kept out of the first chunk) and kept here once loaded, so the app renders with it at once: the
// i18n store waits for it before an ar, fa or he locale takes effect (main.tsx), and the page never
// shows the right-to-left direction with left-to-right styles.
import type { EmotionCache } from '@emotion/react';

let loaded: EmotionCache | undefined;
let loading: Promise<EmotionCache> | undefined;

/** Loads the right-to-left cache (once; a failed load is tried again on the next call). */
export function loadRtlCache(): Promise<EmotionCache> {
  loading ??= import('./rtlCache').then(
    (m) => (loaded = m.rtlCache),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The right-to-left cache if it has loaded. */
export function rtlCacheIfLoaded(): EmotionCache | undefined {
  return loaded;
}

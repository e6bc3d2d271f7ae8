// Theme (light/dark, ltr/rtl), i18n and the emotion cache around the app.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nProvider, useI18n } from '../i18n/I18nContext';
import type { I18nStore } from '../i18n/i18nStore';
import { loadRtlCache, rtlCacheIfLoaded } from './rtlStyles';
import { ltrCache } from './styleCache';
import { createAppTheme } from './theme';
import { useThemePreference } from './themeStore';

function ThemedApp({ children }: { children: ReactNode }) {
  const { mode } = useThemePreference();
  const { dir, ready } = useI18n();
  // Usually loaded already: the i18n store waits for it before a right-to-left locale takes effect.
  const [rtlCache, setRtlCache] = useState<EmotionCache | null>(() => rtlCacheIfLoaded() ?? null);
  useEffect(() => {
    if (dir !== 'rtl' || rtlCache) return;
    let cancelled = false;
    loadRtlCache()
      .then((cache) => {
        if (!cancelled) setRtlCache(cache);
      })
      // The page stays usable with left-to-right styles rather than reloading for this chunk.
      .catch((e: unknown) => console.error('The right-to-left styles did not load', e));
    return () => {
      cancelled = true;
    };
  }, [dir, rtlCache]);
  const rtl = dir === 'rtl' && rtlCache !== null;
  const theme = useMemo(() => createAppTheme(mode, rtl ? 'rtl' : 'ltr'), [mode, rtl]);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  const content = (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {ready ? children : null}
    </ThemeProvider>
  );
  return <CacheProvider value={rtl && rtlCache ? rtlCache : ltrCache}>{content}</CacheProvider>;
}

export function AppProviders({ i18n, children }: { i18n: I18nStore; children: ReactNode }) {
  return (
    <I18nProvider store={i18n}>
      <ThemedApp>{children}</ThemedApp>
    </I18nProvider>
  );
}

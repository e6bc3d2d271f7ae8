// React access to the i18n store: `useI18n()` gives the locale, direction and `t`.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Locale } from './locale';
import type { I18nState, I18nStore } from './i18nStore';
import { englishMessages } from './i18nStore';
import { formatNumber } from './formatNumber';
import { formatDateTime, formatTime } from './formatDateTime';
import { translate, type MessageKey, type MessageParams } from './translate';

export type TFunction = (key: MessageKey, params?: MessageParams) => string;

interface I18nValue extends I18nState {
  t: TFunction;
  setLocale: (locale: Locale) => Promise<void>;
  dismissError: () => void;
  /** Formats a number or date for the current locale. */
  formatNumber: (n: number) => string;
  formatDateTime: (ms: number) => string;
  /** A time of day today ("14:32"). */
  formatTime: (ms: number) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ store, children }: { store: I18nStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const t = useCallback<TFunction>(
    (key, params) => translate(state.messages, englishMessages(), state.locale, key, params),
    [state.messages, state.locale],
  );
  const value = useMemo<I18nValue>(
    () => ({
      ...state,
      t,
      setLocale: store.setLocale,
      dismissError: store.dismissError,
      formatNumber: (n) => formatNumber(state.locale, n),
      formatDateTime: (ms) => formatDateTime(state.locale, ms),
      formatTime: (ms) => formatTime(state.locale, ms),
    }),
    [state, t, store],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** Just the translate function. */
export function useT(): TFunction {
  return useI18n().t;
}

// Pieces shared by the practice pages: the four rating buttons with their next intervals, the
// progress bar, the guest notice (one small line while the learner writes on a small screen), a
// keyboard hook that leaves text fields and buttons alone, and speech through the Web Speech API
// in the entry's language.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { useCompactChrome } from '../../app/layout/writingFocus';
import { useI18n, useT } from '../../i18n/I18nContext';
import { sessionStore } from '../../session/session';
import { formatInterval } from '../../study/format';
import { RATINGS, type Rating, type Schedule } from '../../study/scheduler';

const RATING_COLOR = { 1: 'error', 2: 'warning', 3: 'success', 4: 'info' } as const;

/** Again / Hard / Good / Easy, each with the interval it would give. */
export function RatingButtons({
  preview,
  now,
  onRate,
  disabled,
}: {
  preview: Record<Rating, Schedule>;
  now: number;
  onRate: (rating: Rating) => void;
  disabled?: boolean;
}) {
  const { t, locale } = useI18n();
  return (
    <Box
      role="group"
      aria-label={t('study.rateGroup')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}
    >
      {RATINGS.map((r) => {
        const interval = formatInterval(preview[r].due - now, locale);
        const label = t(`study.rating.${r}`);
        return (
          <Button
            key={r}
            variant="contained"
            color={RATING_COLOR[r]}
            disabled={disabled}
            onClick={() => onRate(r)}
            aria-label={t('study.rateLabel', { rating: label, interval, key: r })}
            aria-keyshortcuts={String(r)}
            sx={{ flexDirection: 'column', py: 1, minHeight: 56, textTransform: 'none' }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {label}
            </Box>
            <Box component="span" sx={{ fontSize: '0.8rem', opacity: 0.9 }}>
              {interval}
            </Box>
          </Button>
        );
      })}
    </Box>
  );
}

/** How far a session is: `done` of `total`; `inSteps`: cards answered that come back in their
 * learning steps, shown apart from the total in a neutral colour (they are not mistakes). */
export function Progress({ done, total, inSteps = 0 }: { done: number; total: number; inSteps?: number }) {
  const t = useT();
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = t('study.progress', { done, total });
  const extra = inSteps > 0 ? t('study.progressSteps', { count: inSteps }) : '';
  return (
    <Box sx={{ mb: 2 }}>
      <LinearProgress variant="determinate" value={value} aria-label={extra ? `${label}, ${extra}` : label} sx={{ height: 6, borderRadius: 3 }} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, textAlign: 'end' }} data-testid="study-progress">
        {label}
        {extra && ' '}
        {extra && (
          <Box component="span" sx={{ marginInlineStart: 1 }} data-testid="study-steps">
            {extra}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

/** Who is signed in here (null: a guest). */
export function useUserId(): string | null {
  return useSyncExternalStore(
    (cb) => sessionStore.onSessionChange(() => cb()),
    () => sessionStore.getSession()?.userId ?? null,
  );
}

function useSignedIn(): boolean {
  return useSyncExternalStore(
    (cb) => sessionStore.onSessionChange(() => cb()),
    () => sessionStore.getSession() !== null,
  );
}

/** Tells a guest that answers stay on this device until sign-in. */
export function GuestNotice() {
  const t = useT();
  const compact = useCompactChrome();
  if (useSignedIn()) return null;
  if (compact) {
    return (
      <Typography variant="caption" color="text.secondary" component="p" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mb: 1 }}>
        <InfoOutlined sx={{ fontSize: 16, color: 'info.main' }} aria-hidden="true" />
        {t('review.guestShort')}
      </Typography>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('review.guest')}
    </Alert>
  );
}

/** Calls `onKey` for keys pressed on the page, except while typing in a field; Space and Enter
 * are left to a focused button, link or switch (their own click does the work). */
export function usePracticeKeys(onKey: (e: KeyboardEvent) => boolean): void {
  const ref = useRef(onKey);
  useEffect(() => {
    ref.current = onKey;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const target = e.target as HTMLElement | null;
      const tag = target?.tagName;
      // A switch or a checkbox is not a text field: the keys still answer (Space and Enter are its own).
      const toggle = tag === 'INPUT' && ['checkbox', 'radio'].includes((target as HTMLInputElement).type);
      if ((tag === 'INPUT' && !toggle) || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return;
      if ((e.key === ' ' || e.key === 'Enter') && (toggle || tag === 'BUTTON' || tag === 'A' || target?.getAttribute('role') === 'button')) return;
      if (ref.current(e)) e.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

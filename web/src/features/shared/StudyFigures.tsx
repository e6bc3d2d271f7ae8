// How every page shows study figures (study/figures.ts): today's (due now, new today, back later
// today and when, answers today) and the cards by state, each block saying what it counts over in
// words ("Today in Hangul letters", "All cards in your Korean decks"). The figures also sit on the
// block as data attributes (data-figures, data-scope, data-*), so a test compares pages figure
// by figure.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../i18n/I18nContext';
import type { StudyFigures } from '../../study/figures';

/** The attributes that carry a block's figures. */
export function figureData(kind: 'today' | 'cards', scope: string, values: Record<string, number>): Record<string, string> {
  const data: Record<string, string> = { 'data-figures': kind, 'data-scope': scope };
  for (const [k, v] of Object.entries(values)) data[`data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = String(v);
  return data;
}

/** Today's figures of a scope. `scope`: its machine name (deck:ID, language:ko, all); `label`:
 * its words ("Hangul letters", "your Korean decks"). */
export function TodayFigures({ figures, scope, label, newPerDay, heading = 'h3' }: { figures: StudyFigures; scope: string; label: string; newPerDay?: number; heading?: 'h2' | 'h3' }) {
  const { t, formatNumber, formatTime } = useI18n();
  const item = (text: string, value: number, color?: 'primary') => (
    <Chip role="listitem" size="small" variant={value > 0 && color ? 'filled' : 'outlined'} color={value > 0 && color ? color : 'default'}
      label={t('lists.labelValue', { label: text, value: formatNumber(value) })} />
  );
  return (
    <Stack spacing={0.5} {...figureData('today', scope, { dueNow: figures.dueNow, newToday: figures.newToday, laterToday: figures.laterToday, reviewsToday: figures.reviewsToday })}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
        {t('figures.todayIn', { scope: label })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="list" aria-label={t('figures.todayIn', { scope: label })}>
        {item(t('figures.dueNow'), figures.dueNow, 'primary')}
        {item(newPerDay === undefined ? t('figures.newToday') : t('figures.newTodayOf', { limit: formatNumber(newPerDay) }), figures.newToday, 'primary')}
        {item(t('figures.laterToday'), figures.laterToday)}
        {item(t('figures.answersToday'), figures.reviewsToday)}
      </Stack>
      {figures.nextLaterToday !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('figures.nextBack', { count: figures.laterToday, time: formatTime(figures.nextLaterToday) })}
        </Typography>
      )}
    </Stack>
  );
}

/** The cards of a scope by state. */
export function CardFigures({ figures, scope, label, heading = 'h3' }: { figures: StudyFigures; scope: string; label: string; heading?: 'h2' | 'h3' }) {
  const { t, formatNumber } = useI18n();
  const values = { notStarted: figures.newTotal, learning: figures.learning, relearning: figures.relearning, review: figures.review, started: figures.started };
  const names: [keyof typeof values, string][] = [
    ['notStarted', t('figures.notStarted')],
    ['learning', t('figures.learning')],
    ['relearning', t('figures.relearning')],
    ['review', t('figures.review')],
  ];
  return (
    <Stack spacing={0.5} {...figureData('cards', scope, values)}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
        {t('figures.cardsIn', { scope: label })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="list" aria-label={t('figures.cardsIn', { scope: label })}>
        {names.map(([key, name]) => (
          <Chip role="listitem" key={key} size="small" variant="outlined" label={t('lists.labelValue', { label: name, value: formatNumber(values[key]) })} />
        ))}
      </Stack>
    </Stack>
  );
}

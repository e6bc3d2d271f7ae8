// The statistics section of /cards and of a deck page: the review heatmap, the 30-day due
// forecast, true retention by month, cards by state, and (on a deck of the learner's) the desired
// retention slider with its workload estimate; on /cards, the learner's memory model
// (MemoryModel.tsx). Loaded on demand (React.lazy) with its charts.
//
// Charts: @mui/x-charts (MIT, the MUI team's): it takes the app's MUI theme (colours, dark mode,
// right-to-left) as it is, where recharts would need its own styling; its heatmap is a paid (Pro)
// component, so the calendar is drawn here as plain SVG (Heatmap.tsx).
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useReviewsOf } from '../../db/read/reviews';
import { saveUserDeck } from '../../db/mutations';
import { useI18n } from '../../i18n/I18nContext';
import { LoadingState } from '../shared/components';
import { useCardsOf } from '../../db/read/cards';
import { useNow } from '../shared/clock';
import { useUserDeck } from '../../db/read/userDecks';
import { Heatmap } from './Heatmap';
import { MemoryModel } from './MemoryModel';
import {
  CARD_STATES,
  RETENTION_DEFAULT,
  RETENTION_MAX,
  RETENTION_MIN,
  addDays,
  cardsByState,
  clampRetention,
  dueForecast,
  heatmap,
  retentionByMonth,
  workloadEstimate,
} from './stats';

const FORECAST_DAYS = 30;
const HEATMAP_WEEKS = 26;
const RETENTION_MONTHS = 6;
const CHART_HEIGHT = 240;

function ChartCard({ title, id, caption, children }: { title: string; id: string; caption?: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {caption && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {caption}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The statistics of the given entries' cards and reviews (every card when `entryIds` is null);
 * with `deckId`, the deck's desired retention too. */
export default function StatsSection({ entryIds, deckId }: { entryIds: readonly string[] | null; deckId?: string }) {
  const { t, formatNumber, locale } = useI18n();
  const theme = useTheme();
  const now = useNow();
  const cards = useCardsOf(entryIds);
  const reviews = useReviewsOf(entryIds);
  const stats = useMemo(() => {
    if (!cards || !reviews) return undefined;
    return {
      heat: heatmap(reviews.map((r) => r.reviewedAt), now, HEATMAP_WEEKS),
      forecast: dueForecast(cards, now, FORECAST_DAYS),
      retention: retentionByMonth(reviews, now, RETENTION_MONTHS),
      states: cardsByState(cards),
    };
  }, [cards, reviews, now]);
  if (!stats) return <LoadingState />;
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const stateNames = ['new', 'learning', 'review', 'relearning'] as const;
  const stateColours = [theme.palette.info.main, theme.palette.warning.main, theme.palette.success.main, theme.palette.error.main];
  const forecastTotal = stats.forecast.reduce((a, b) => a + b, 0);
  const reviewedInMonths = stats.retention.reduce((a, m) => a + m.reviews, 0);
  return (
    <Box component="section" aria-labelledby="stats-title" data-testid="stats">
      <Typography variant="h5" component="h2" id="stats-title" gutterBottom>
        {t('stats.title')}
      </Typography>
      <Grid container spacing={2}>
        {deckId && (
          <Grid size={12}>
            <RetentionSetting deckId={deckId} forecast={stats.forecast} />
          </Grid>
        )}
        <Grid size={12}>
          <ChartCard title={t('stats.heatmap')} id="stats-heatmap"
            caption={t('stats.heatmapSummary', { count: stats.heat.total, days: stats.heat.activeDays })}>
            <Heatmap map={stats.heat} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard title={t('stats.forecast')} id="stats-forecast"
            caption={t('stats.forecastSummary', { count: forecastTotal, days: FORECAST_DAYS })}>
            <BarChart
              height={CHART_HEIGHT}
              xAxis={[{ scaleType: 'band', data: stats.forecast.map((_, i) => day.format(addDays(now, i))), tickLabelInterval: (_, i) => i % 5 === 0 }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[{ data: stats.forecast, label: t('stats.forecastSeries'), color: theme.palette.primary.main }]}
              hideLegend
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard title={t('stats.retention')} id="stats-retention"
            caption={reviewedInMonths > 0 ? t('stats.retentionExplain') : t('stats.retentionNone')}>
            <BarChart
              height={CHART_HEIGHT}
              xAxis={[{ scaleType: 'band', data: stats.retention.map((m) => month.format(m.month)) }]}
              yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => percent.format(v) }]}
              series={[
                {
                  data: stats.retention.map((m) => m.retention),
                  label: t('stats.retentionSeries'),
                  color: theme.palette.success.main,
                  valueFormatter: (v, { dataIndex }) =>
                    v === null ? t('stats.noData') : `${percent.format(v)} (${formatNumber(stats.retention[dataIndex]!.passed)} / ${formatNumber(stats.retention[dataIndex]!.reviews)})`,
                },
              ]}
              hideLegend
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard title={t('cards.byState')} id="stats-states"
            caption={CARD_STATES.map((s) => t('lists.labelValue', { label: t(`cards.state.${stateNames[s]}`), value: stats.states[s] })).join(' · ')}>
            {stats.states.some((n) => n > 0) ? (
              <PieChart
                height={CHART_HEIGHT}
                series={[
                  {
                    innerRadius: 50,
                    data: CARD_STATES.map((s) => ({ id: s, value: stats.states[s], label: t(`cards.state.${stateNames[s]}`), color: stateColours[s] })),
                  },
                ]}
              />
            ) : (
              <Typography color="text.secondary">{t('cards.empty')}</Typography>
            )}
          </ChartCard>
        </Grid>
        {!deckId && entryIds === null && (
          <Grid size={12}>
            <MemoryModel liveReviews={reviews?.length ?? 0} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

/** The deck's desired retention (0.70 to 0.99), saved with saveUserDeck when the slider is let go,
 * with the workload it implies (stats.ts workloadEstimate). */
function RetentionSetting({ deckId, forecast }: { deckId: string; forecast: number[] }) {
  const { t, locale } = useI18n();
  const userDeck = useUserDeck(deckId);
  const saved = userDeck ? clampRetention(userDeck.desiredRetention) : RETENTION_DEFAULT;
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const value = dragging ?? saved;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const perDay = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  // The plural form follows the number as shown: 1.04 reads "1", so "1 review".
  const shownPerDay = (n: number) => Math.round(n * 10) / 10;
  const now = workloadEstimate(forecast, saved, saved);
  const then = workloadEstimate(forecast, saved, value);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="stats-desired" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" id="stats-desired" sx={{ fontWeight: 600 }}>
        {t('stats.desiredRetention')}
      </Typography>
      {userDeck === undefined ? (
        <LoadingState />
      ) : userDeck === null ? (
        <Typography color="text.secondary">{t('stats.desiredNotMine')}</Typography>
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" spacing={3} sx={{ alignItems: 'center', px: 1 }}>
            <Slider
              min={RETENTION_MIN}
              max={RETENTION_MAX}
              step={0.01}
              value={value}
              onChange={(_, v) => setDragging(clampRetention(v as number))}
              onChangeCommitted={(_, v) => {
                const r = clampRetention(v as number);
                setDragging(undefined);
                if (r !== saved) void saveUserDeck({ deckId, desiredRetention: r });
              }}
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => percent.format(v)}
              marks={[{ value: RETENTION_MIN, label: percent.format(RETENTION_MIN) }, { value: 0.9, label: percent.format(0.9) }, { value: RETENTION_MAX, label: percent.format(RETENTION_MAX) }]}
              aria-label={t('stats.desiredRetention')}
              getAriaValueText={(v) => percent.format(v)}
              sx={{ flex: 1 }}
            />
            <Typography variant="h5" component="output" aria-live="polite" sx={{ minWidth: 64, textAlign: 'end' }} data-testid="desired-retention">
              {percent.format(value)}
            </Typography>
          </Stack>
          <Typography data-testid="workload">
            {value === saved
              ? t('stats.workloadNow', { count: shownPerDay(now), reviews: perDay.format(now) })
              : t('stats.workloadThen', { count: shownPerDay(then), reviews: perDay.format(then), now: perDay.format(now) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('stats.workloadExplain')}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}

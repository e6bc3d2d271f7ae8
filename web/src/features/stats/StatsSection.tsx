// The statistics section of /cards and of a deck page, over the scope the page shows (a deck, a
// language, every deck) and from the same read as its figures (db/read/figures.ts): the review
// heatmap, the 30-day due forecast, true retention by month, cards by state (study/figures.ts),
// and (on a deck of the learner's) the desired retention slider with the deck's workload
// (workload.ts); on /cards, the learner's memory model (MemoryModel.tsx), which covers every deck.
// Each part says what it counts over. Loaded on demand (React.lazy) with its charts.
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
import type { Deck } from '../../api/generated/types';
import { saveUserDeck } from '../../db/mutations';
import { useDeckScope, type ScopeRead } from '../../db/read/figures';
import { useI18n } from '../../i18n/I18nContext';
import { LoadingState } from '../shared/components';
import { CardFigures } from '../shared/StudyFigures';
import { useNow } from '../shared/clock';
import { useUserDeck } from '../../db/read/userDecks';
import { deckWorkload } from './workload';
import { Heatmap } from './Heatmap';
import { MemoryModel } from './MemoryModel';
import { RETENTION_DEFAULT, RETENTION_MAX, RETENTION_MIN, addDays, clampRetention, dueForecast, heatmap, retentionByMonth } from './stats';

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

/** The statistics of a scope: a deck (read here), or the rows the page already read (`read`);
 * `scope` and `label` name it (as StudyFigures do). */
export default function StatsSection(props: { deck: Deck; label: string } | { read: ScopeRead | undefined; scope: string; label: string; memoryModel?: boolean }) {
  return 'deck' in props ? <DeckStats deck={props.deck} label={props.label} /> : <ScopeStats {...props} />;
}

function DeckStats({ deck, label }: { deck: Deck; label: string }) {
  const read = useDeckScope(deck, useNow());
  return <ScopeStats read={read} scope={`deck:${deck.id}`} label={label} deck={deck} />;
}

function ScopeStats({ read, scope, label, deck, memoryModel }: { read: ScopeRead | undefined; scope: string; label: string; deck?: Deck; memoryModel?: boolean }) {
  const { t, formatNumber, locale } = useI18n();
  const theme = useTheme();
  const now = useNow();
  const stats = useMemo(() => {
    if (!read) return undefined;
    const cards = read.cards.map((c) => c.card);
    return {
      heat: heatmap(read.reviews.map((r) => r.reviewedAt), now, HEATMAP_WEEKS),
      forecast: dueForecast(cards, now, FORECAST_DAYS),
      retention: retentionByMonth(read.reviews, now, RETENTION_MONTHS),
    };
  }, [read, now]);
  if (!read || !stats) return <LoadingState />;
  const { figures } = read;
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const states = [
    { id: 'notStarted', label: t('figures.notStarted'), value: figures.newTotal, color: theme.palette.info.main },
    { id: 'learning', label: t('figures.learning'), value: figures.learning, color: theme.palette.warning.main },
    { id: 'review', label: t('figures.review'), value: figures.review, color: theme.palette.success.main },
    { id: 'relearning', label: t('figures.relearning'), value: figures.relearning, color: theme.palette.error.main },
  ];
  const forecastTotal = stats.forecast.reduce((a, b) => a + b, 0);
  const reviewedInMonths = stats.retention.reduce((a, m) => a + m.reviews, 0);
  return (
    <Box component="section" aria-labelledby="stats-title" data-testid="stats">
      <Typography variant="h5" component="h2" id="stats-title" gutterBottom>
        {t('stats.titleOf', { scope: label })}
      </Typography>
      <Grid container spacing={2}>
        {deck && (
          <Grid size={12}>
            <RetentionSetting deck={deck} forecast={stats.forecast} newLeft={figures.newTotal} />
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
          <Paper variant="outlined" component="section" aria-labelledby="stats-states" sx={{ p: 2, height: '100%' }}>
            <Box id="stats-states" sx={{ mb: 1 }}>
              <CardFigures figures={figures} scope={scope} label={label} />
            </Box>
            {states.some((s) => s.value > 0) ? (
              <PieChart height={CHART_HEIGHT} series={[{ innerRadius: 50, data: states.map((s) => ({ id: s.id, value: s.value, label: s.label, color: s.color })) }]} />
            ) : (
              <Typography color="text.secondary">{t('cards.empty')}</Typography>
            )}
          </Paper>
        </Grid>
        {memoryModel && (
          <Grid size={12}>
            <MemoryModel liveReviews={read.reviews.length} retention={read.learnerRetention} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

/** The deck's desired retention (0.70 to 0.99), saved with saveUserDeck when the slider is let go,
 * with the workload it implies for this deck (workload.ts: its started cards, and its new cards at
 * its daily limit while they last). */
function RetentionSetting({ deck, forecast, newLeft }: { deck: Deck; forecast: number[]; newLeft: number }) {
  const { t, locale } = useI18n();
  const userDeck = useUserDeck(deck.id);
  const saved = userDeck ? clampRetention(userDeck.desiredRetention) : RETENTION_DEFAULT;
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const value = dragging ?? saved;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const perDay = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  // The plural form follows the number as shown: 1.04 reads "1", so "1 review".
  const shownPerDay = (n: number) => Math.round(n * 10) / 10;
  const newPerDay = userDeck?.newPerDay ?? 0;
  const now = deckWorkload(forecast, saved, saved, newPerDay, newLeft);
  const then = deckWorkload(forecast, saved, value, newPerDay, newLeft);
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
                if (r !== saved) void saveUserDeck({ deckId: deck.id, desiredRetention: r });
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
          <Typography data-testid="workload" data-reviews-per-day={shownPerDay(value === saved ? now.total : then.total)}>
            {value === saved
              ? t('stats.workloadNow', { count: shownPerDay(now.total), reviews: perDay.format(now.total) })
              : t('stats.workloadThen', { count: shownPerDay(then.total), reviews: perDay.format(then.total), now: perDay.format(now.total) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('stats.workloadParts', {
              started: perDay.format((value === saved ? now : then).started),
              fresh: perDay.format((value === saved ? now : then).fresh),
              perDay: newPerDay,
              left: newLeft,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('stats.workloadExplain')}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}

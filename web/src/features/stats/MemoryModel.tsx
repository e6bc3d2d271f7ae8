// "Your memory model" on the statistics page (issue 27), for a signed-in learner: whether their
// FSRS weights are fitted to their reviews and how much better they predict than the defaults,
// with "Fit now", which then says what it did (memoryModel.ts fitOutcome); and the desired
// retention simulator over all their decks, starting at the retention their decks are studied at
// (db/read/figures.ts): for a retention, the workload the server's simulation of their own cards
// gives (memoryModel.ts picks the point and the band), a chart of minutes a day against
// retention, and the recommended range. Guests see none of it.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { Link } from 'react-router';
import { errorMessage, isNetworkError } from '../../api/client';
import type { UserParameters, Workload } from '../../api/generated/types';
import { optimizeUserParameters } from '../../db/online';
import { useUserParameters } from '../../db/read/userParameters';
import { useI18n } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';
import { LoadingState } from '../shared/components';
import {
  BAND_KEYS,
  STATUS_KEYS,
  fitOutcome,
  modelStatus,
  pointAt,
  recommendedRange,
  retentionBand,
  type Comparison,
  type FitOutcome,
  type ModelStatus,
} from './memoryModel';

const CHART_HEIGHT = 220;

/** The section, for the signed-in learner with `liveReviews` live reviews here (nothing for a
 * guest). */
export function MemoryModel({ liveReviews, retention }: { liveReviews: number; retention: number }) {
  const auth = useAuthState();
  const userId = auth.status === 'user' ? auth.user?.id : undefined;
  if (!userId) return null;
  return <MemoryModelOf userId={userId} liveReviews={liveReviews} retention={retention} />;
}

function MemoryModelOf({ userId, liveReviews, retention }: { userId: string; liveReviews: number; retention: number }) {
  const row = useUserParameters(userId);
  if (row === undefined) return <LoadingState />;
  const status = modelStatus(row, liveReviews);
  return (
    <Stack spacing={2}>
      <ModelFit status={status} />
      {row && <Simulator row={row} start={retention} />}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Whether the weights are fitted, the figures of the fit, and "Fit now", which says what it did. */
function ModelFit({ status }: { status: ModelStatus }) {
  const { t, formatDateTime, locale } = useI18n();
  const [fitting, setFitting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<FitOutcome | undefined>(undefined);
  const fitNow = async () => {
    setFitting(true);
    setFailure(undefined);
    setOutcome(undefined);
    try {
      setOutcome(fitOutcome(await optimizeUserParameters()));
    } catch (e) {
      setFailure(isNetworkError(e) ? t('memory.fitOffline') : t('memory.fitFailed', { reason: errorMessage(e) }));
    } finally {
      setFitting(false);
    }
  };
  const fitted = status.kind === 'fitted';
  const text =
    status.kind === 'tooFew'
      ? t(STATUS_KEYS.tooFew, { min: status.need, have: status.have })
      : status.kind === 'ready'
        ? t(STATUS_KEYS.ready, { have: status.have })
        : t(STATUS_KEYS[status.kind], { reviews: status.reviews, time: formatDateTime(status.fittedAt) });
  return (
    <Section id="memory-model" title={t('memory.title')}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Chip
          color={fitted ? 'success' : 'default'}
          variant={fitted ? 'filled' : 'outlined'}
          label={fitted ? t('memory.fitted') : t('memory.notFitted')}
          data-testid="memory-fitted"
        />
        <Typography data-testid="memory-status">{text}</Typography>
        {(status.kind === 'fitted' || status.kind === 'defaultsBetter') && (status.logLoss || status.rmse) && (
          <FitFigures logLoss={status.logLoss} rmse={status.rmse} />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('memory.explain')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => void fitNow()} disabled={fitting}>
            {t('memory.fitNow')}
          </Button>
          {fitting && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">{t('memory.fitting')}</Typography>
            </Stack>
          )}
        </Stack>
        {failure && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {failure}
          </Alert>
        )}
        {outcome && (
          <Alert severity={outcome.kind === 'fitted' ? 'success' : 'info'} sx={{ alignSelf: 'stretch' }} data-testid="memory-fit-outcome" data-outcome={outcome.kind}>
            {outcome.kind === 'fitted'
              ? t('memory.outcome.fitted', { reviews: outcome.reviews, better: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(outcome.improvement ?? 0) })
              : outcome.kind === 'tooFew'
                ? t('memory.outcome.tooFew', { have: outcome.reviews, need: outcome.need })
                : outcome.kind === 'nothingToLearn'
                  ? t('memory.outcome.nothingToLearn', { have: outcome.reviews })
                  : t('memory.outcome.defaultsBetter', { reviews: outcome.reviews })}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/** Log loss and RMSE, the defaults' against the learner's, and the improvement. */
function FitFigures({ logLoss, rmse }: { logLoss?: Comparison; rmse?: Comparison }) {
  const { t, locale } = useI18n();
  const measure = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const rows = [
    ['logLoss', t('memory.logLoss'), logLoss],
    ['rmse', t('memory.rmse'), rmse],
  ] as const;
  return (
    <Box sx={{ maxWidth: '100%' }}>
      {/* Compact cells: the four columns fit a phone's width without scrolling. */}
      <Table size="small" aria-label={t('memory.figures')} data-testid="memory-figures" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('memory.measure')}</TableCell>
            <TableCell align="right">{t('memory.defaults')}</TableCell>
            <TableCell align="right">{t('memory.yours')}</TableCell>
            <TableCell align="right">{t('memory.betterBy')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, label, c]) =>
            c ? (
              <TableRow key={key} data-testid={`memory-${key}`}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{measure.format(c.defaults)}</TableCell>
                <TableCell align="right">{measure.format(c.theirs)}</TableCell>
                <TableCell align="right">{percent.format(c.improvement)}</TableCell>
              </TableRow>
            ) : null,
          )}
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {t('memory.lowerBetter')}
      </Typography>
    </Box>
  );
}

/** The desired retention simulator over the row's workload, starting at `start` (the retention
 * the learner's decks are studied at). */
function Simulator({ row, start }: { row: UserParameters; start: number }) {
  const { t, locale } = useI18n();
  const theme = useTheme();
  const [retention, setRetention] = useState(start);
  const points = row.workload;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  if (points.length === 0) {
    return (
      <Section id="memory-workload" title={t('memory.workloadTitle')}>
        <Typography color="text.secondary">{t('memory.noWorkload')}</Typography>
      </Section>
    );
  }
  const min = points[0]!.desiredRetention;
  const max = points[points.length - 1]!.desiredRetention;
  const point = pointAt(points, retention) as Workload;
  const range = recommendedRange(row.recommendedRetention);
  const band = retentionBand(point.desiredRetention, row.recommendedRetention);
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const figures = [
    ['reviews30', t('memory.reviews30'), oneDecimal.format(point.reviewsPerDay30)],
    ['minutes30', t('memory.minutes30'), oneDecimal.format(point.minutesPerDay30)],
    ['reviews365', t('memory.reviews365'), oneDecimal.format(point.reviewsPerDay365)],
    ['minutes365', t('memory.minutes365'), oneDecimal.format(point.minutesPerDay365)],
    ['memorized', t('memory.memorized'), whole.format(point.memorized365)],
  ] as const;
  return (
    <Section id="memory-workload" title={t('memory.workloadTitle')}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('memory.workloadExplain')}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center', px: 1 }}>
          <Slider
            min={min}
            max={max}
            step={0.01}
            value={point.desiredRetention}
            onChange={(_, v) => setRetention(v as number)}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => percent.format(v)}
            // The ends labelled; the recommended range's ends marked.
            marks={[
              ...[min, max].map((value) => ({ value, label: percent.format(value) })),
              ...(range ? [range.from, range.to].filter((v) => v > min && v < max).map((value) => ({ value })) : []),
            ]}
            aria-label={t('memory.retention')}
            getAriaValueText={(v) => percent.format(v)}
            sx={{ flex: 1 }}
          />
          <Typography variant="h5" component="output" aria-live="polite" sx={{ minWidth: 64, textAlign: 'end' }} data-testid="memory-retention">
            {percent.format(point.desiredRetention)}
          </Typography>
        </Stack>
        <Alert severity={band === 'recommended' ? 'success' : 'warning'} data-testid="memory-band">
          {t(BAND_KEYS[band])}
          {range && ` ${t('memory.recommended', { from: percent.format(range.from), to: percent.format(range.to) })}`}
        </Alert>
        <Grid container spacing={1} component="dl" sx={{ m: 0 }}>
          {figures.map(([key, label, value]) => (
            <Grid key={key} size={{ xs: 6, sm: 4, md: 2.4 }} sx={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`memory-${key}`}>
                {value}
              </Typography>
            </Grid>
          ))}
        </Grid>
        <LineChart
          height={CHART_HEIGHT}
          xAxis={[{ data: points.map((p) => p.desiredRetention), min, max, valueFormatter: (v: number) => percent.format(v), label: t('memory.retention') }]}
          yAxis={[{ min: 0, label: t('memory.minutesAxis') }]}
          series={[
            { data: points.map((p) => p.minutesPerDay30), label: t('memory.next30'), color: theme.palette.primary.main, showMark: false },
            { data: points.map((p) => p.minutesPerDay365), label: t('memory.next365'), color: theme.palette.secondary.main, showMark: false },
          ]}
          aria-label={t('memory.chart')}
        >
          <ChartsReferenceLine x={point.desiredRetention} lineStyle={{ strokeDasharray: '4 4' }} />
        </LineChart>
        <Typography variant="body2">
          {t('memory.setOnDeck')}{' '}
          <MuiLink component={Link} to="/decks">
            {t('memory.yourDecks')}
          </MuiLink>
        </Typography>
      </Stack>
    </Section>
  );
}

// The review calendar: one square per day of the last months, darker for more reviews, weeks as
// columns (plain SVG: the chart library's heatmap is a paid component). Each day has a tooltip
// title; the whole has a text summary for screen readers.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useI18n } from '../../i18n/I18nContext';
import type { Heatmap as HeatmapData } from './stats';

const CELL = 12;
const GAP = 3;
const TOP = 16;

export function Heatmap({ map }: { map: HeatmapData }) {
  const { t, locale, formatNumber } = useI18n();
  const theme = useTheme();
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short' });
  const colour = (level: number) =>
    level === 0 ? theme.palette.action.hover : alpha(theme.palette.primary.main, [0, 0.3, 0.5, 0.75, 1][level]!);
  const width = map.weeks.length * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  // A month's name above the first week that starts in it (not the first column, cut short).
  const monthOf = (week: HeatmapData['weeks'][number]) => {
    const first = week.find((c) => c !== null);
    return first ? new Date(first.day).getMonth() : -1;
  };
  const labels = map.weeks.map((week, i) => {
    const first = week.find((c) => c !== null);
    if (!first || i === 0 || monthOf(week) === monthOf(map.weeks[i - 1]!)) return null;
    return { x: i * (CELL + GAP), text: monthFormat.format(first.day) };
  });
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (axe
    // scrollable-region-focusable).
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('stats.heatmap')}>
      <svg width={width} height={height} role="img" data-testid="heatmap"
        aria-label={t('stats.heatmapSummary', { count: map.total, days: map.activeDays })}
        style={{ direction: 'ltr', display: 'block' }}>
        {labels.map((l, i) =>
          l ? (
            <text key={i} x={l.x} y={11} fontSize={10} fill={theme.palette.text.secondary}>
              {l.text}
            </text>
          ) : null,
        )}
        {map.weeks.map((week, w) =>
          week.map((cell, d) =>
            cell ? (
              <rect key={`${w}-${d}`} x={w * (CELL + GAP)} y={TOP + d * (CELL + GAP)} width={CELL} height={CELL} rx={2}
                fill={colour(cell.level)} data-count={cell.count}>
                <title>{t('lists.labelValue', { label: dateFormat.format(cell.day), value: t('stats.reviewsOnDay', { count: cell.count }) })}</title>
              </rect>
            ) : null,
          ),
        )}
      </svg>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1 }} aria-hidden>
        <Typography variant="caption" color="text.secondary">
          {formatNumber(0)}
        </Typography>
        {[0, 1, 2, 3, 4].map((level) => (
          <Box key={level} sx={{ width: CELL, height: CELL, borderRadius: '2px', bgcolor: colour(level) }} />
        ))}
        <Typography variant="caption" color="text.secondary">
          {formatNumber(map.max)}
        </Typography>
      </Stack>
    </Box>
  );
}

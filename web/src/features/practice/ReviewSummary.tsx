// The end of a review: what was answered, how, and in how long, with a way to go again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { CardKind } from '../../api/generated/types';
import { useI18n } from '../../i18n/I18nContext';
import { formatDuration } from '../../study/format';
import { RATINGS } from '../../study/scheduler';
import { StudySession } from '../../study/session';
import { deckQueue, type DeckStudy } from '../../study/store';

/** The end of a review: the tally, the time, and a way to go again. */
export function Summary({
  session,
  study,
  kinds,
  now,
  elapsedMs,
  onUndo,
  onRestart,
}: {
  session: StudySession;
  study: DeckStudy;
  kinds: readonly CardKind[] | undefined;
  now: number;
  elapsedMs: number;
  onUndo: () => void;
  onRestart: () => void;
}) {
  const { t, formatTime } = useI18n();
  const tally = session.tally();
  const later = session.later(now);
  const nextLater = session.nextLater(now);
  const newWaiting = Math.max(0, deckQueue(study, now, kinds).newWaiting - tally.answered);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="review-summary" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography id="review-summary" variant="h5" component="h2" gutterBottom>
        {tally.answered > 0 ? t('review.done') : t('review.empty')}
      </Typography>
      {tally.answered > 0 && (
        <>
          <Typography>{t('review.reviewed', { count: tally.answered })}</Typography>
          <Typography color="text.secondary">{t('review.time', { time: formatDuration(elapsedMs) })}</Typography>
          <Stack direction="row" spacing={1} aria-label={t('review.byRating')} component="ul" sx={{ listStyle: 'none', p: 0, my: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {RATINGS.map((r) => (
              <li key={r}>
                <Chip label={`${t(`study.rating.${r}`)}: ${tally.byRating[r]}`} data-testid={`summary-rating-${r}`} />
              </li>
            ))}
          </Stack>
        </>
      )}
      {later > 0 && nextLater !== null && <Alert severity="info" sx={{ mb: 2 }}>{t('figures.nextBack', { count: later, time: formatTime(nextLater) })}</Alert>}
      {newWaiting > 0 && tally.answered === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('review.newWaiting', { count: newWaiting, limit: study.newPerDay })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" component={Link} to={`/decks/${study.deck.id}`}>
          {t('review.backToDeck')}
        </Button>
        <Button variant="outlined" onClick={onRestart}>
          {t('review.more')}
        </Button>
        {tally.answered > 0 && (
          <Button onClick={onUndo} aria-keyshortcuts="U Control+Z">
            {t('review.undo')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

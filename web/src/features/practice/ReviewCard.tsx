// The card of a review: the front asks by kind (meaning, reading, writing), the back answers it
// (never what a sibling card asks); a writing card is answered on its inline canvas (WritingCard), its prompt placed by the
// pad (above the canvas on a phone, beside it on a wider screen) and a new one taught first.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { Entry } from '../../api/generated/types';
import { useI18n } from '../../i18n/I18nContext';
import type { QueueItem } from '../../study/queue';
import { WritingCard, type WrittenAnswer } from '../writing/WritingCard';
import type { WritingGrade } from '../writing/WritingPad';

/** A writing card's part of the review: its canvas's identity, its answer, and the handlers. */
export interface WritingProps {
  attempt: string;
  written: (WrittenAnswer & { item: QueueItem }) | null;
  onWritten: (grade: WritingGrade, item: QueueItem) => void;
  onNext: () => void;
}

/** The card: the front asks by kind (meaning: text → meaning; reading: text → reading; writing:
 * meaning → the text, written on the canvas below and graded from it, or shown and rated by hand);
 * the back shows the answer to that question alone. */
export function ReviewCard({
  item,
  entry,
  revealed,
  onReveal,
  writing,
}: {
  item: QueueItem;
  entry: Entry | undefined;
  revealed: boolean;
  onReveal: () => void;
  writing: WritingProps;
}) {
  const { t } = useI18n();
  if (!entry) return null;
  const lang = entry.languageCode;
  const meanings = entry.meanings.join('; ');
  const hasReading = entry.reading !== '' && entry.reading !== entry.text;
  const isNew = item.card === null || (item.card.state === 0 && item.card.lastReview === null);
  const chips = (
    <>
      <Chip size="small" label={t(`study.kind.${item.kind}`)} />
      {isNew && <Chip size="small" color="primary" label={t('study.new')} />}
    </>
  );
  // Written on the canvas: one compact block the pad places, so the canvas and the way on fit
  // the screen.
  const writingNow = item.kind === 'writing' && !revealed;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('review.card')}
      onClick={revealed || item.kind === 'writing' ? undefined : onReveal}
      data-card-id={item.cardId}
      data-entry-id={item.kind === 'writing' ? entry.id : undefined}
      data-revealed={revealed}
      sx={
        writingNow
          ? { p: { xs: 1.5, md: 3 }, textAlign: 'start' }
          : { p: { xs: 2, md: 4 }, textAlign: 'center', minHeight: 260, cursor: revealed || item.kind === 'writing' ? 'default' : 'pointer' }
      }
    >
      {writingNow ? (
        <WritingCard
          entry={entry}
          teach={isNew}
          prompt={
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                {chips}
                <Typography variant="body2" color="text.secondary" component="p">
                  {t('review.prompt.writing')}
                </Typography>
              </Stack>
              <Typography variant="h4" component="p" sx={{ wordBreak: 'break-word', fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
                <bdi>{meanings}</bdi>
              </Typography>
              {hasReading && (
                <Typography variant="subtitle1" component="p" lang={lang} color="text.secondary">
                  <Box component="span" sx={visuallyHidden}>
                    {t('study.reading')}:{' '}
                  </Box>
                  <bdi>{entry.reading}</bdi>
                </Typography>
              )}
            </Box>
          }
          attempt={writing.attempt}
          written={writing.written?.item === item ? writing.written : null}
          onWritten={(grade) => writing.onWritten(grade, item)}
          onSaveAgain={() => writing.written && writing.onWritten(writing.written.grade, item)}
          onNext={writing.onNext}
        />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mb: 2 }}>
            {chips}
          </Stack>
          <Typography variant="subtitle1" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t(`review.prompt.${item.kind}`)}
          </Typography>
          {item.kind === 'writing' ? (
            <>
              <Typography variant="h4" component="p" sx={{ wordBreak: 'break-word' }}>
                <bdi>{meanings}</bdi>
              </Typography>
              {hasReading && (
                <Typography variant="h6" component="p" lang={lang} color="text.secondary">
                  <Box component="span" sx={visuallyHidden}>
                    {t('study.reading')}:{' '}
                  </Box>
                  <bdi>{entry.reading}</bdi>
                </Typography>
              )}
            </>
          ) : (
            <Typography variant="h2" component="p" lang={lang} sx={{ wordBreak: 'break-word' }} data-testid="card-front">
              <bdi>{entry.text}</bdi>
            </Typography>
          )}
          <Box aria-live="polite" sx={{ mt: revealed ? 3 : 0 }}>
            {revealed && (
              <Box sx={{ borderBlockStart: 1, borderColor: 'divider', pt: 3 }} data-testid="card-back">
                {item.kind === 'writing' && (
                  <Typography variant="h2" component="p" lang={lang} sx={{ wordBreak: 'break-word' }}>
                    <bdi>{entry.text}</bdi>
                  </Typography>
                )}
                {/* Each back answers its own card and nothing a sibling asks: the meaning card
                    not the reading, the reading card not the meaning (siblings, queue.ts). */}
                {item.kind === 'reading' && hasReading && (
                  <Typography variant="h4" component="p" lang={lang}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('study.reading')}:{' '}
                    </Box>
                    <bdi>{entry.reading}</bdi>
                  </Typography>
                )}
                {(item.kind === 'meaning' || (item.kind === 'reading' && !hasReading)) && (
                  <Typography variant="h5" component="p" sx={{ mt: 1 }}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('study.meaning')}:{' '}
                    </Box>
                    <bdi>{meanings}</bdi>
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}

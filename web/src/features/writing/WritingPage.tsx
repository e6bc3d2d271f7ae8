// Writing practice (/decks/{deckId}/entries/{entryId}/writing): the entry written character by
// character on the canvas (WritingPad, on lesson.ts), in three modes — guided (tracing over the
// outline, stroke-order animation), recall (prompted by meaning and reading) and dictation (the
// word is spoken). A practice never changes the schedule unless it is a real recall: guided
// practice records nothing; recall and dictation record a writing-card review (grading.ts,
// through the one answer path, study/store.ts) only when that card is already started, and the
// result can be taken back. Otherwise the page says why nothing was recorded.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Entry } from '../../api/generated/types';
import { writtenRightToLeft } from '../../canvas/grids';
import { answerEntryCard, takeBackReview } from '../../study/store';
import { useI18n } from '../../i18n/I18nContext';
import { useListen } from '../shared/speech';
import { ListenNotice } from '../shared/Listen';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useCardStarted } from '../../db/read/cards';
import { useDeck } from '../../db/read/decks';
import { useWritingFocus } from '../../app/layout/writingFocus';
import { useEntry } from '../../db/read/entries';
import { WritingPad, type PracticeMode, type WritingGrade } from './WritingPad';
import { now as serverNow } from '../../api/serverClock';

export { writableGraphemes } from './WritingPad';
export function WritingPage() {
  const { deckId, entryId } = useParams();
  const deck = useDeck(deckId);
  const entry = useEntry(entryId);
  const { t } = useI18n();
  // The whole page is for writing: the chrome gives way on a phone.
  useWritingFocus(true);
  if (deck === undefined || entry === undefined) return <LoadingState />;
  if (!deck) return <MissingState kind="deck" id={deckId} />;
  if (!entry) return <MissingState kind="entry" id={entryId} />;
  return (
    <>
      <PageHeader
        title={t('writing.title', { text: entry.text })}
        lang={entry.languageCode}
        crumbs={[
          { to: `/decks/${deck.id}`, label: deck.title },
          { to: `/decks/${deck.id}/entries/${entry.id}`, label: entry.text },
        ]}
      />
      <WritingPractice key={entry.id} deckId={deck.id} entry={entry} backTo={`/decks/${deck.id}/entries/${entry.id}`} />
    </>
  );
}

/** What happened to the finished entry's review: being stored, stored (its id), not stored, or
 * not to be recorded (tracing, or a card not yet started). */
type Saved = { status: 'saving' } | { status: 'saved'; reviewId: string } | { status: 'failed' } | { status: 'practice'; why: 'tracing' | 'notStarted' };

function WritingPractice({ deckId, entry, backTo }: { deckId: string; entry: Entry; backTo: string }) {
  const { t } = useI18n();
  const [practice, setPractice] = useState<PracticeMode>('guided');
  // Bumped to write the entry again (a new pad).
  const [run, setRun] = useState(0);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [notice, setNotice] = useState('');
  const listen = useListen(entry);
  // Dictation needs the word heard: its recording or a voice (otherwise its tab is hidden).
  const canDictate = listen.source === 'recording' || listen.source === 'voice';
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const restart = useCallback(() => {
    setRun((r) => r + 1);
    setSaved(null);
  }, []);

  /** The whole entry is written: a recall of a started card is recorded as the writing card's
   * review (the one answer path); tracing, or a card not yet in the reviews, is practice only. */
  // Whether this writing card is in the learner's reviews, known before they finish writing.
  const started = useCardStarted(entry.id, 'writing') ?? false;
  const onFinished = useCallback(
    (grade: WritingGrade) => {
      setNotice('');
      if (practice === 'guided') {
        setSaved({ status: 'practice', why: 'tracing' });
        return;
      }
      if (!started) {
        setSaved({ status: 'practice', why: 'notStarted' });
        return;
      }
      setSaved({ status: 'saving' });
      const at = serverNow();
      // Called here, in the last stroke's own handler: the answer is journaled before anything
      // asynchronous (db/journal.ts).
      answerEntryCard({ deckId, entryId: entry.id, kind: 'writing' }, grade.rating, at, grade.durationMs, { score: grade.score }).then(
        (answered) => live.current && setSaved({ status: 'saved', reviewId: answered.review.id }),
        (e: unknown) => {
          console.error('saving a writing review failed', e);
          if (live.current) setSaved({ status: 'failed' });
        },
      );
    },
    [deckId, entry.id, practice, started],
  );

  /** Takes the recorded result back (a tombstone through the outbox) and starts the entry again. */
  const takeBack = useCallback(async () => {
    if (saved?.status !== 'saved') return;
    const { reviewId } = saved;
    setSaved({ status: 'saving' });
    try {
      await takeBackReview(reviewId);
      restart();
      setNotice(t('review.undone'));
    } catch (e) {
      console.error('taking back a review failed', e);
      setSaved({ status: 'saved', reviewId });
      setNotice(t('review.undoFailed'));
    }
  }, [restart, saved, t]);

  // Dictation speaks the word when the practice starts.
  useEffect(() => {
    if (practice === 'dictation' && canDictate) listen.listen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- spoken once per start of a dictation
  }, [practice, listen.source, run]);

  const rtl = writtenRightToLeft(entry.languageCode);
  const prompt =
    practice === 'guided' ? (
      <Typography variant="h4" component="p" lang={entry.languageCode} dir={rtl ? 'rtl' : undefined}>
        {entry.text}
      </Typography>
    ) : practice === 'recall' ? (
      <Typography>{t('writing.recallPrompt', { meaning: entry.meanings.join(', '), reading: entry.reading || '—' })}</Typography>
    ) : (
      <Button variant="outlined" onClick={listen.listen}>
        {t('writing.hearAgain')}
      </Button>
    );
  const actions = (
    <>
      {saved?.status === 'failed' && <Alert severity="error">{t('review.saveFailed')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={restart} disabled={saved?.status === 'saving'} data-next-control="">
          {t('writing.again')}
        </Button>
        {saved?.status === 'saved' && (
          <Button onClick={() => void takeBack()}>
            {t('writing.takeBack')}
          </Button>
        )}
        <Button component={Link} to={backTo}>
          {t('writing.backToEntry')}
        </Button>
      </Stack>
    </>
  );
  // Said in words where the result went (the score itself is the pad's).
  const outcome =
    saved?.status === 'saved'
      ? t('writing.recorded')
      : saved?.status === 'practice'
        ? t(saved.why === 'tracing' ? 'writing.tracingNotRecorded' : 'writing.notRecorded')
        : '';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Tabs
        value={practice}
        onChange={(_, v: PracticeMode) => {
          setPractice(v);
          restart();
        }}
        aria-label={t('writing.modes')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="guided" label={t('writing.guided')} />
        <Tab value="recall" label={t('writing.recall')} />
        {canDictate && <Tab value="dictation" label={t('writing.dictation')} />}
      </Tabs>

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <WritingPad
          key={`${practice}/${run}`}
          entry={entry}
          practice={practice}
          prompt={prompt}
          notice={
            (notice || outcome) && (
              <Typography role="status" variant="body2" color="text.secondary" data-testid="practice-outcome">
                {notice || outcome}
              </Typography>
            )
          }
          onFinished={onFinished}
          actions={actions}
          strokeKeys
        />
      </Paper>
      {/* Why Dictation is missing, at the end: it settles a moment after load (voices arrive
          late) and must not move the canvas under a stroke. */}
      <ListenNotice listen={listen} languageCode={entry.languageCode} />
    </Stack>
  );
}

// Review of a deck (/decks/{deckId}/review): due cards, then today's new ones; front, reveal, rate
// with each rating's next interval; keys Space/Enter, 1–4, U or Ctrl+Z; a summary at the end.
// A writing card is answered on an inline canvas and graded from the handwriting (WritingCard);
// ?cards=writing is the deck's writing session: its due and new writing cards one after another.
// Each answer is replayed in memory and recorded (IndexedDB and the outbox, one transaction)
// before the next card shows, so a reload or a closed tab never loses one; undo takes the last
// answer back through the outbox (takeBackReview), sent or not.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { flushSync } from 'react-dom';
import { useParams, useSearchParams } from 'react-router';
import type { CardKind } from '../../api/generated/types';
import { useSyncState } from '../../app/syncBridge';
import { useWritingFocus } from '../../app/layout/writingFocus';
import { useI18n } from '../../i18n/I18nContext';
import { isNewItem, type QueueItem } from '../../study/queue';
import type { Rating, Schedule } from '../../study/scheduler';
import { StudySession } from '../../study/session';
import { deckQueue, loadDeckStudy, recordAnswer, takeBackReview, type DeckStudy } from '../../study/store';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import type { WrittenAnswer } from '../writing/WritingCard';
import type { WritingGrade } from '../writing/WritingPad';
import { GuestNotice, Progress, RatingButtons, usePracticeKeys, useUserId } from './components';
import { useKeyHints } from './keyHints';
import { reviewKey } from './practiceKeys';
import { ReviewCard } from './ReviewCard';
import { Summary } from './ReviewSummary';
import { now as serverNow } from '../../api/serverClock';
import { useStudyLock } from './studyLock';

/** How long the device's storage may take an answer before the learner is told. */
const SLOW_SAVE_MS = 3000;

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; study: DeckStudy; session: StudySession; startedAt: number };

/** The kinds a review studies: all (undefined), or the writing cards alone (?cards=writing). */
const WRITING_ONLY: readonly CardKind[] = ['writing'];

export function DeckReviewPage() {
  const { t } = useI18n();
  const { deckId = '' } = useParams();
  const [search] = useSearchParams();
  const kinds = search.get('cards') === 'writing' ? WRITING_ONLY : undefined;
  const [run, setRun] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // A sync that lands while the session is empty (first visit: the deck's entries were still on
  // their way) starts it again; a session under way is never reset.
  const syncedAt = useSyncState().lastSyncedAt;
  const empty = loaded.status === 'missing' || (loaded.status === 'ready' && loaded.session.total === 0 && loaded.session.tally().answered === 0);
  const reloadOn = empty ? syncedAt : undefined;
  useEffect(() => {
    let live = true;
    const now = serverNow();
    void loadDeckStudy(deckId, now).then((study) => {
      if (!live) return;
      if (!study) setLoaded({ status: 'missing' });
      else
        setLoaded({
          status: 'ready',
          study,
          session: new StudySession(deckQueue(study, now, kinds), { desiredRetention: study.desiredRetention, weights: study.weights, reviews: study.reviews, now, kinds }),
          startedAt: now,
        });
    });
    return () => {
      live = false;
    };
  }, [deckId, run, reloadOn, kinds]);
  const lock = useStudyLock(useUserId());
  if (loaded.status === 'loading' || lock.state === 'waiting') return <LoadingState />;
  if (loaded.status === 'missing') return <MissingState kind="deck" id={deckId} />;
  if (lock.state !== 'mine') {
    // Another tab reviews (or took the review over from this one): one session at a time.
    const taken = lock.state === 'taken';
    return (
      <>
        <PageHeader title={t('review.title', { deck: loaded.study.deck.title })} crumbs={[{ to: '/decks', label: t('decks.title') }, { to: `/decks/${deckId}`, label: loaded.study.deck.title }]} />
        <Alert
          severity="info"
          data-testid="review-elsewhere"
          data-state={lock.state}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                lock.takeOver();
                // Read afresh: the other tab may have answered cards meanwhile.
                setRun((r) => r + 1);
              }}
            >
              {taken ? t('review.continueHere') : t('review.takeOver')}
            </Button>
          }
        >
          {taken ? t('review.movedAway') : t('review.elsewhere')}
        </Alert>
      </>
    );
  }
  return (
    <ReviewSession
      key={`${run}/${loaded.startedAt}`}
      study={loaded.study}
      session={loaded.session}
      startedAt={loaded.startedAt}
      kinds={kinds}
      onRestart={() => setRun((r) => r + 1)}
    />
  );
}

function ReviewSession({
  study,
  session,
  startedAt,
  kinds,
  onRestart,
}: {
  study: DeckStudy;
  session: StudySession;
  startedAt: number;
  kinds: readonly CardKind[] | undefined;
  onRestart: () => void;
}) {
  const { t } = useI18n();
  const deck = study.deck;
  // The time the screen is drawn for (due learning cards, previews) and when the card was shown;
  // set by each action, as render must stay pure.
  const [clock, setClock] = useState(() => {
    const at = serverNow();
    return { now: at, shownAt: at };
  });
  const [revealed, setRevealed] = useState(false);
  // The rating buttons' intervals, from the reveal; kept while hidden, so they don't re-render.
  const [preview, setPreview] = useState(() => ({ values: emptyPreview() as Record<Rating, Schedule>, now: 0 }));
  const [notice, setNotice] = useState<string | null>(null);
  /** An answer the device's storage is slow to take, or refused (kept to try again). */
  const [trouble, setTrouble] = useState<{ kind: 'slow' } | { kind: 'failed'; answer: NonNullable<ReturnType<StudySession['prepare']>> } | null>(null);
  const [endedAt, setEndedAt] = useState<number | null>(null);
  /** An answer or an undo being recorded: input waits for it, so they are stored in order. */
  const busy = useRef(false);
  /** Runs one recording at a time; a key pressed meanwhile is dropped, as a double press would be. */
  const exclusive = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } finally {
      busy.current = false;
    }
  }, []);

  /** A writing card written to the end: it stays on screen, its answer recorded, until Next. */
  const [written, setWritten] = useState<(WrittenAnswer & { item: QueueItem }) | null>(null);
  /** Bumped when a card is to be written afresh (after an undo). */
  const [attempt, setAttempt] = useState(0);

  const now = clock.now;
  const item = written?.item ?? (endedAt === null ? session.current(now) : null);

  const reveal = () => {
    const at = serverNow();
    setRevealed(true);
    setClock((c) => ({ ...c, now: at }));
    setPreview({ values: session.preview(at) ?? emptyPreview(), now: at });
  };

  /** Moves past an answer once stored: the next card, rendered now, not in a later task (the write
   * was the wait, the next card is ready). */
  const advance = (answer: NonNullable<ReturnType<StudySession['prepare']>>, t1: number) => {
    session.accept(answer);
    const shownAt = serverNow();
    flushSync(() => {
      setRevealed(false);
      setTrouble(null);
      setClock({ now: t1, shownAt });
      if (!session.current(t1)) setEndedAt(t1);
    });
  };

  /** Stores an answer, saying so when the device's storage is slow to take it, and keeping it to
   * try again when it refuses (never a silent stall). True once stored. */
  const store = async (answer: NonNullable<ReturnType<StudySession['prepare']>>): Promise<boolean> => {
    const slow = setTimeout(() => setTrouble({ kind: 'slow' }), SLOW_SAVE_MS);
    try {
      await recordAnswer(answer);
      return true;
    } catch (e) {
      // Not stored: the card stays; the learner tries again (the same answer) or answers again.
      console.error('saving a review failed', e);
      setTrouble({ kind: 'failed', answer });
      return false;
    } finally {
      clearTimeout(slow);
    }
  };

  const rate = (rating: Rating) =>
    exclusive(async () => {
      if (!item || !revealed) return;
      const t1 = serverNow();
      const answer = session.prepare(rating, t1, t1 - clock.shownAt);
      if (!answer) return;
      if (await store(answer)) advance(answer, t1);
    });

  /** Tries the answer the device's storage refused again. */
  const retrySave = () =>
    exclusive(async () => {
      if (trouble?.kind !== 'failed') return;
      const { answer } = trouble;
      if (await store(answer)) advance(answer, answer.review.reviewedAt);
    });

  /** Records a written card's grade (the one answer path) and keeps the card on screen. */
  const saveWriting = async (grade: WritingGrade, target: QueueItem) => {
    let ran = false;
    await exclusive(async () => {
      ran = true;
      const t1 = serverNow();
      // A new card's time is its memory stage's (watching and tracing are teaching, not answering).
      const duration = isNewItem(target) ? grade.durationMs : t1 - clock.shownAt;
      const answer = session.prepare(grade.rating, t1, duration, { score: grade.score });
      if (!answer || answer.item !== target) return;
      setWritten({ item: target, grade, status: 'saving' });
      try {
        await recordAnswer(answer);
      } catch (e) {
        // Not stored: the card stays, and its grade can be saved again.
        console.error('saving a review failed', e);
        setWritten({ item: target, grade, status: 'failed' });
        setNotice(t('review.saveFailed'));
        return;
      }
      session.accept(answer);
      setWritten({ item: target, grade, status: 'saved' });
    });
    // Another answer or undo was being recorded: this one waits for the learner's Save again.
    if (!ran) setWritten({ item: target, grade, status: 'failed' });
  };

  /** On from a written card to the next one. */
  const nextCard = () => {
    if (written?.status !== 'saved') return;
    const at = serverNow();
    flushSync(() => {
      setWritten(null);
      setRevealed(false);
      setClock({ now: at, shownAt: at });
      if (!session.current(at)) setEndedAt(at);
    });
  };

  const undo = () =>
    exclusive(async () => {
      const last = session.answers().at(-1);
      if (!last) return;
      try {
        await takeBackReview(last.review.id);
      } catch (e) {
        console.error('taking back a review failed', e);
        setNotice(t('review.undoFailed'));
        return;
      }
      session.undo();
      setEndedAt(null);
      setWritten(null);
      setAttempt((a) => a + 1);
      setRevealed(false);
      const at = serverNow();
      setClock({ now: at, shownAt: at });
      setNotice(t('review.undone'));
    });

  /** A new writing card: taught, then written from memory (WritingCard); never shown and rated by
   * hand. */
  const teaching = item?.kind === 'writing' && isNewItem(item);
  usePracticeKeys((e) => {
    const action = reviewKey(e, { hasCard: !!item, writing: item?.kind === 'writing', revealed, written: written?.status ?? null });
    if (action?.type === 'undo') void undo();
    else if (action?.type === 'reveal') {
      // A new writing card is taught, then written from memory: no answer to show and rate by hand.
      if (teaching) return false;
      reveal();
    }
    else if (action?.type === 'rate') void rate(action.rating);
    else if (action?.type === 'next') nextCard();
    return action !== null;
  });

  // What a rating re-renders is kept small, so the next card paints in the same frame: the header,
  // the notice and the footer are memoised, the card updates in place, and the reveal button and
  // the rating buttons both stay mounted, one of them hidden.
  const done = session.tally().answered;
  const progress = session.progress(now);
  const title = kinds === WRITING_ONLY ? t('review.writingTitle', { deck: deck.title }) : t('review.title', { deck: deck.title });
  const crumbs = useMemo(
    () => [
      { to: '/decks', label: t('decks.title') },
      { to: `/decks/${deck.id}`, label: deck.title },
    ],
    [t, deck.id, deck.title],
  );
  // Stable handlers for the memoised parts, calling this render's functions.
  const handlers = useRef({ rate, reveal, undo, saveWriting, nextCard });
  useLayoutEffect(() => {
    handlers.current = { rate, reveal, undo, saveWriting, nextCard };
  });
  const onRate = useCallback((r: Rating) => void handlers.current.rate(r), []);
  const onReveal = useCallback(() => handlers.current.reveal(), []);
  const onUndo = useCallback(() => void handlers.current.undo(), []);
  const onWritten = useCallback((grade: WritingGrade, target: QueueItem) => void handlers.current.saveWriting(grade, target), []);
  const onNext = useCallback(() => handlers.current.nextCard(), []);
  /** A writing card graded from its handwriting, or a new one being taught: no reveal, no rating
   * buttons. */
  const graded = (item?.kind === 'writing' && written !== null) || teaching;
  // Writing on the canvas: the chrome gives way on a phone (app/layout/writingFocus.ts).
  useWritingFocus(item?.kind === 'writing' && !revealed);
  return (
    <>
      <MemoHeader title={title} crumbs={crumbs} />
      <MemoGuestNotice />
      {item ? (
        <>
          <MemoProgress done={progress.done} total={progress.total} inSteps={progress.inSteps} />
          <MemoReviewCard
            item={item}
            entry={study.entryById.get(item.entryId)}
            revealed={revealed}
            onReveal={onReveal}
            writing={{ attempt: `${item.cardId}/${attempt}`, written, onWritten, onNext }}
          />
          <Box sx={{ mt: 2, minHeight: 56 }} hidden={graded}>
            <Box hidden={!revealed}>
              <MemoRatingButtons preview={preview.values} now={preview.now} onRate={onRate} />
            </Box>
            <Box hidden={revealed}>
              <RevealButton onReveal={onReveal} />
            </Box>
          </Box>
          <ReviewFooter canUndo={done > 0} onUndo={onUndo} writing={item.kind === 'writing'} />
        </>
      ) : (
        <Summary
          session={session}
          study={study}
          kinds={kinds}
          now={now}
          elapsedMs={(endedAt ?? now) - startedAt}
          onUndo={() => void undo()}
          onRestart={onRestart}
        />
      )}
      {trouble && (
        <Alert
          severity={trouble.kind === 'failed' ? 'error' : 'info'}
          role="alert"
          sx={{ mt: 2 }}
          data-testid="save-trouble"
          action={
            trouble.kind === 'failed' ? (
              <Button color="inherit" size="small" onClick={() => void retrySave()}>
                {t('review.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {trouble.kind === 'failed' ? t('review.saveFailedKept') : t('review.saveSlow')}
        </Alert>
      )}
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)} message={notice ?? ''} />
    </>
  );
}

const MemoHeader = memo(function MemoHeader({ title, crumbs }: { title: string; crumbs: { to: string; label: string }[] }) {
  return <PageHeader title={title} crumbs={crumbs} />;
});
const MemoGuestNotice = memo(GuestNotice);
const MemoProgress = memo(Progress);
const MemoRatingButtons = memo(RatingButtons);

const RevealButton = memo(function RevealButton({ onReveal }: { onReveal: () => void }) {
  const { t } = useI18n();
  return (
    <Button variant="contained" size="large" fullWidth onClick={onReveal} aria-keyshortcuts="Space Enter">
      {t('review.reveal')}
    </Button>
  );
});

const ReviewFooter = memo(function ReviewFooter({ canUndo, onUndo, writing }: { canUndo: boolean; onUndo: () => void; writing: boolean }) {
  const { t } = useI18n();
  const hints = useKeyHints();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
      {hints ? (
        <Typography variant="caption" color="text.secondary" data-testid="key-hints">
          {writing ? t('review.writingKeys') : t('review.keys')}
        </Typography>
      ) : (
        <span />
      )}
      <Button size="small" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="U Control+Z">
        {t('review.undo')}
      </Button>
    </Stack>
  );
});

/** Unused placeholder when no card is current (never rendered with buttons). */
function emptyPreview() {
  const s = { due: 0, stability: 0, difficulty: 0, elapsedDays: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0, state: 0, lastReview: null };
  return { 1: s, 2: s, 3: s, 4: s };
}

/** The card: updated in place from one card to the next (see ReviewSession). */
const MemoReviewCard = memo(ReviewCard);

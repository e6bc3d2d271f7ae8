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
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { flushSync } from 'react-dom';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CardKind, Entry } from '../../api/generated/types';
import { useSyncState } from '../../app/syncBridge';
import { useI18n } from '../../i18n/I18nContext';
import { formatDuration } from '../../study/format';
import type { QueueItem } from '../../study/queue';
import { RATINGS, type Rating, type Schedule } from '../../study/scheduler';
import { StudySession } from '../../study/session';
import { deckQueue, loadDeckStudy, recordAnswer, takeBackReview, type DeckStudy } from '../../study/store';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { WritingCard, type WrittenAnswer } from '../writing/WritingCard';
import type { WritingGrade } from '../writing/WritingPad';
import { GuestNotice, Progress, RatingButtons, usePracticeKeys } from './components';
import { useKeyHints } from './keyHints';

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; study: DeckStudy; session: StudySession; startedAt: number };

/** The kinds a review studies: all (undefined), or the writing cards alone (?cards=writing). */
const WRITING_ONLY: readonly CardKind[] = ['writing'];

export function DeckReviewPage() {
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
    const now = Date.now();
    void loadDeckStudy(deckId, now).then((study) => {
      if (!live) return;
      if (!study) setLoaded({ status: 'missing' });
      else
        setLoaded({
          status: 'ready',
          study,
          session: new StudySession(deckQueue(study, now, kinds), { desiredRetention: study.desiredRetention, reviews: study.reviews }),
          startedAt: now,
        });
    });
    return () => {
      live = false;
    };
  }, [deckId, run, reloadOn, kinds]);
  if (loaded.status === 'loading') return <LoadingState />;
  if (loaded.status === 'missing') return <MissingState kind="deck" />;
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
    const at = Date.now();
    return { now: at, shownAt: at };
  });
  const [revealed, setRevealed] = useState(false);
  // The rating buttons' intervals, from the reveal; kept while hidden, so they don't re-render.
  const [preview, setPreview] = useState(() => ({ values: emptyPreview() as Record<Rating, Schedule>, now: 0 }));
  const [notice, setNotice] = useState<string | null>(null);
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
    const at = Date.now();
    setRevealed(true);
    setClock((c) => ({ ...c, now: at }));
    setPreview({ values: session.preview(at) ?? emptyPreview(), now: at });
  };

  const rate = (rating: Rating) =>
    exclusive(async () => {
      if (!item || !revealed) return;
      const t1 = Date.now();
      const answer = session.prepare(rating, t1, t1 - clock.shownAt);
      if (!answer) return;
      try {
        await recordAnswer(answer);
      } catch (e) {
        // Not stored: the card stays, so the learner answers it again.
        console.error('saving a review failed', e);
        setNotice(t('review.saveFailed'));
        return;
      }
      session.accept(answer);
      const shownAt = Date.now();
      // Rendered now, not in a later task: the write was the wait, the next card is ready.
      flushSync(() => {
        setRevealed(false);
        setClock({ now: t1, shownAt });
        if (!session.current(t1)) setEndedAt(t1);
      });
    });

  /** Records a written card's grade (the one answer path) and keeps the card on screen. */
  const saveWriting = async (grade: WritingGrade, target: QueueItem) => {
    let ran = false;
    await exclusive(async () => {
      ran = true;
      const t1 = Date.now();
      const answer = session.prepare(grade.rating, t1, t1 - clock.shownAt, { score: grade.score });
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
    const at = Date.now();
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
      const at = Date.now();
      setClock({ now: at, shownAt: at });
      setNotice(t('review.undone'));
    });

  usePracticeKeys((e) => {
    if ((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey)) {
      void undo();
      return true;
    }
    if (e.ctrlKey || e.metaKey) return false;
    if (e.key === 'u' || e.key === 'U') {
      void undo();
      return true;
    }
    if (!item) return false;
    // A writing card is answered on its canvas: Enter goes on once its answer is stored. Space
    // still shows the answer, to rate it by hand (keyboard only, or no way to draw); Enter is
    // left to the canvas (on to the next character).
    if (item.kind === 'writing' && !revealed) {
      if (written) {
        if (e.key === 'Enter' && written.status === 'saved') nextCard();
        return e.key === 'Enter' || e.key === ' ';
      }
      if (e.key === ' ') {
        reveal();
        return true;
      }
      return false;
    }
    if (e.key === ' ' || e.key === 'Enter') {
      if (!revealed) reveal();
      return true;
    }
    const n = Number(e.key);
    if (revealed && RATINGS.includes(n as Rating)) {
      void rate(n as Rating);
      return true;
    }
    return false;
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
  /** A writing card graded from its handwriting: no reveal, no rating buttons. */
  const graded = item?.kind === 'writing' && written !== null;
  return (
    <>
      <MemoHeader title={title} crumbs={crumbs} />
      <MemoGuestNotice />
      {item ? (
        <>
          <MemoProgress done={progress.done} total={progress.total} again={progress.again} />
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

/** A writing card's part of the review: its canvas's identity, its answer, and the handlers. */
interface WritingProps {
  attempt: string;
  written: (WrittenAnswer & { item: QueueItem }) | null;
  onWritten: (grade: WritingGrade, item: QueueItem) => void;
  onNext: () => void;
}

/** The card: the front asks by kind (meaning: text → meaning; reading: text → reading; writing:
 * meaning → the text, written on the canvas below and graded from it, or shown and rated by hand);
 * the back shows everything. */
function ReviewCard({
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
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('review.card')}
      onClick={revealed || item.kind === 'writing' ? undefined : onReveal}
      data-card-id={item.cardId}
      data-entry-id={item.kind === 'writing' ? entry.id : undefined}
      data-revealed={revealed}
      sx={{ p: { xs: 2, md: 4 }, textAlign: 'center', minHeight: 260, cursor: revealed || item.kind === 'writing' ? 'default' : 'pointer' }}
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mb: 2 }}>
        <Chip size="small" label={t(`study.kind.${item.kind}`)} />
        {isNew && <Chip size="small" color="primary" label={t('study.new')} />}
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
          {!revealed && (
            <WritingCard
              entry={entry}
              attempt={writing.attempt}
              written={writing.written?.item === item ? writing.written : null}
              onWritten={(grade) => writing.onWritten(grade, item)}
              onSaveAgain={() => writing.written && writing.onWritten(writing.written.grade, item)}
              onNext={writing.onNext}
            />
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
            {hasReading && (
              <Typography variant={item.kind === 'reading' ? 'h4' : 'h6'} component="p" lang={lang} color={item.kind === 'reading' ? 'text.primary' : 'text.secondary'}>
                <Box component="span" sx={visuallyHidden}>
                  {t('study.reading')}:{' '}
                </Box>
                <bdi>{entry.reading}</bdi>
              </Typography>
            )}
            {item.kind !== 'writing' && (
              <Typography variant={item.kind === 'meaning' ? 'h5' : 'body1'} component="p" sx={{ mt: 1 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('study.meaning')}:{' '}
                </Box>
                <bdi>{meanings}</bdi>
              </Typography>
            )}
          </Box>
        )}
      </Box>
    </Paper>
  );
}

function Summary({
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
  const { t } = useI18n();
  const tally = session.tally();
  const later = session.later(now);
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
      {later > 0 && <Alert severity="info" sx={{ mb: 2 }}>{t('review.later', { count: later })}</Alert>}
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

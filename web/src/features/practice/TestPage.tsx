// Test of a deck (/decks/{deckId}/test): a quiz mixing multiple choice, typed answers and
// true/false over what the deck teaches (study/quiz.ts). A test leaves the schedule alone: it never
// starts a card nor spends the day's new cards. Only when the learner turns on the page's switch
// (remembered per deck: the last test's `rescheduled`) does an answer about a card already started
// count as its review (right → Good, near miss → Hard, wrong → Again). Every answer is kept in the
// test's own history (userTests, saved after each answer with the test's client-made id) before its
// verdict shows; score, time, the mistakes and the deck's past tests at the end.
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import { TEST_TEXT_MAX, type UserTest, type UserTestAnswer } from '../../api/generated/types';
import { useSyncState } from '../../app/syncBridge';
import { readLastTest, useTestsOf } from '../../db/read/userTests';
import { useI18n } from '../../i18n/I18nContext';
import { formatDuration } from '../../study/format';
import { isEnabled, isNew } from '../../study/queue';
import { buildQuiz, grade, type Graded, type Question, type Response } from '../../study/quiz';
import { answerCard, type Answer } from '../../study/session';
import { keepTest, loadDeckStudy, type DeckStudy } from '../../study/store';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { GuestNotice, Progress, usePracticeKeys } from './components';
import { quizKey } from './practiceKeys';
import { now as serverNow } from '../../api/serverClock';

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; study: DeckStudy; rescheduled: boolean };

export function DeckTestPage() {
  const { deckId = '' } = useParams();
  const [run, setRun] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // A sync that lands while there is nothing to test (first visit: the deck's entries were still
  // on their way) loads the deck again; a quiz under way is never reset.
  const syncedAt = useSyncState().lastSyncedAt;
  const empty = loaded.status === 'missing' || (loaded.status === 'ready' && loaded.study.entries.length === 0);
  const reloadOn = empty ? syncedAt : undefined;
  useEffect(() => {
    let live = true;
    void Promise.all([loadDeckStudy(deckId, serverNow()), readLastTest(deckId)]).then(([study, last]) => {
      // The switch starts as the learner left it in their last test of this deck (off at first).
      if (live) setLoaded(study ? { status: 'ready', study, rescheduled: last?.rescheduled ?? false } : { status: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [deckId, run, reloadOn]);
  if (loaded.status === 'loading') return <LoadingState />;
  if (loaded.status === 'missing') return <MissingState kind="deck" id={deckId} />;
  return <Quiz key={run} study={loaded.study} rescheduledAtFirst={loaded.rescheduled} onAgain={() => setRun((r) => r + 1)} />;
}

interface Result {
  question: Question;
  graded: Graded;
  /** Whether it was recorded as a review of its card (the switch on, the card started). */
  counted: boolean;
}

/** A text kept in the test's history, within the server's limit. */
const clip = (text: string) => (text.length > TEST_TEXT_MAX ? `${text.slice(0, TEST_TEXT_MAX - 1)}…` : text);

function Quiz({ study, rescheduledAtFirst, onAgain }: { study: DeckStudy; rescheduledAtFirst: boolean; onAgain: () => void }) {
  const { t } = useI18n();
  const questions = useMemo(() => buildQuiz(study.entries.filter((e) => isEnabled(study.enabled, e.id))), [study]);
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<Result[]>([]);
  const [text, setText] = useState('');
  const [startedAt] = useState(() => serverNow());
  const [testId] = useState(() => uuidv7());
  const [endedAt, setEndedAt] = useState<number | null>(null);
  const [shownAt, setShownAt] = useState(startedAt);
  const [rescheduled, setRescheduled] = useState(rescheduledAtFirst);
  /** The test as stored so far: every answer given, in order. */
  const kept = useRef<UserTestAnswer[]>([]);
  /** A review prepared for the open question and not yet kept with it: sent again as it is if the
   * learner tries again, so a retry never records a second review. */
  const pending = useRef<{ index: number; answer: Answer } | null>(null);
  /** An answer being recorded: another response waits for it (a double press is dropped). */
  const busy = useRef(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const deck = study.deck;
  const question = questions[index];
  const answered = results.length > index ? results[index] : undefined;

  /** Grades the response and keeps it in the test's history (and, when the learner asks and the
   * card is already started, records it as the card's review); the verdict shows once stored. */
  const respond = async (r: Response) => {
    if (!question || answered || busy.current) return;
    busy.current = true;
    try {
      const graded = grade(question, r);
      const at = serverNow();
      const card = study.cards.get(question.cardId) ?? null;
      // Never a new card: a test does not start cards nor spend the day's new ones.
      const prepared =
        rescheduled && card && !isNew(card)
          ? pending.current?.index === index
            ? pending.current.answer
            : (() => {
                const item = { cardId: question.cardId, entryId: question.entry.id, kind: question.kind, card };
                const made = answerCard(item, study.reviews.get(question.cardId) ?? [], graded.rating, at, at - shownAt, study);
                return { item, review: made.review, card: made.card, before: card, requeued: false };
              })()
          : null;
      if (prepared) pending.current = { index, answer: prepared };
      const reviewId = prepared?.review.id ?? null;
      const entry: UserTestAnswer = {
        entryId: question.entry.id,
        kind: question.kind,
        type: question.type,
        prompt: clip(question.type === 'trueFalse' ? `${question.entry.text} · ${question.statement ?? ''}` : question.entry.text),
        given: clip(graded.given),
        expected: clip(expected(question)),
        verdict: graded.verdict,
        answeredAt: at,
        reviewId,
      };
      const answers = [...kept.current, entry];
      const last = index + 1 >= questions.length;
      // Journaled before anything asynchronous (study/store.ts keepTest), then stored.
      await keepTest({ id: testId, deckId: deck.id, startedAt, finishedAt: last ? at : null, rescheduled, answers }, prepared ?? undefined);
      kept.current = answers;
      pending.current = null;
      setSaveFailed(false);
      setResults((rs) => [...rs, { question, graded, counted: reviewId !== null }]);
    } catch (e) {
      // Not stored: the question stays open, to be answered again.
      console.error('saving a test answer failed', e);
      setSaveFailed(true);
    } finally {
      busy.current = false;
    }
  };

  const next = () => {
    if (!answered) return;
    if (index + 1 >= questions.length) setEndedAt(serverNow());
    setIndex((i) => i + 1);
    setText('');
    setShownAt(serverNow());
  };

  usePracticeKeys((e) => {
    const action = quizKey(e, { question, ended: endedAt !== null, answered: !!answered });
    if (action?.type === 'next') next();
    else if (action?.type === 'choice') void respond({ choice: action.choice });
    else if (action?.type === 'truth') void respond({ truth: action.truth });
    return action !== null;
  });

  const crumbs = [
    { to: '/decks', label: t('decks.title') },
    { to: `/decks/${deck.id}`, label: deck.title },
  ];
  const header = <PageHeader title={t('quiz.title', { deck: deck.title })} crumbs={crumbs} />;
  if (questions.length === 0) {
    return (
      <>
        {header}
        <EmptyState>{t('quiz.empty')}</EmptyState>
      </>
    );
  }
  if (!question || endedAt !== null) {
    return (
      <>
        {header}
        <QuizResults results={results} elapsedMs={(endedAt ?? startedAt) - startedAt} deckId={deck.id} onAgain={onAgain} />
      </>
    );
  }

  const lang = question.entry.languageCode;
  const feedback = answered && <Feedback result={answered} />;
  const sound = question.teaches === 'sound';
  return (
    <>
      {header}
      <GuestNotice />
      <ScheduleSwitch on={rescheduled} onChange={setRescheduled} />
      <Progress done={results.length} total={questions.length} />
      <Paper variant="outlined" component="section" aria-labelledby="quiz-question" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {t('quiz.question', { index: index + 1, count: questions.length })}
        </Typography>
        <Typography id="quiz-question" variant="subtitle1" component="h2" color="text.secondary">
          {question.type === 'choice'
            ? t(sound ? 'quiz.chooseSound' : 'quiz.chooseMeaning')
            : question.type === 'typed'
              ? t(sound ? 'quiz.typeSound' : 'quiz.typeMeaning')
              : sound
                ? t('quiz.soundsLike', { sound: question.statement ?? '' })
                : t('quiz.trueFalse', { meaning: question.statement ?? '' })}
        </Typography>
        <Typography variant="h2" component="p" lang={lang} sx={{ textAlign: 'center', my: 3, wordBreak: 'break-word' }} data-testid="quiz-prompt">
          <bdi>{question.entry.text}</bdi>
        </Typography>

        {question.type === 'choice' && (
          <Box role="group" aria-label={t('quiz.options')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
            {question.options?.map((o, i) => {
              const chosen = answered?.graded.given === o;
              const right = i === question.correctIndex;
              return (
                <Button
                  key={`${i}/${o}`}
                  variant={answered && (right || chosen) ? 'contained' : 'outlined'}
                  color={answered ? (right ? 'success' : chosen ? 'error' : 'inherit') : 'primary'}
                  onClick={() => void respond({ choice: i })}
                  disabled={!!answered && !right && !chosen}
                  aria-keyshortcuts={String(i + 1)}
                  lang={sound ? lang : undefined}
                  sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'start', py: 1.5 }}
                >
                  <Box component="span" sx={{ marginInlineEnd: 1 }} aria-hidden>
                    {i + 1}.
                  </Box>
                  <bdi>{o}</bdi>
                </Button>
              );
            })}
          </Box>
        )}

        {question.type === 'trueFalse' && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" color="success" onClick={() => void respond({ truth: true })} disabled={!!answered} aria-keyshortcuts="T">
              {t('quiz.true')}
            </Button>
            <Button variant="contained" color="error" onClick={() => void respond({ truth: false })} disabled={!!answered} aria-keyshortcuts="F">
              {t('quiz.false')}
            </Button>
          </Stack>
        )}

        {question.type === 'typed' && (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (answered) next();
              else void respond({ text });
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              label={t('quiz.answerLabel')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoFocus
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, readOnly: !!answered } }}
            />
            <Button type="submit" variant="contained" sx={{ py: 1.9 }}>
              {answered ? (index + 1 >= questions.length ? t('quiz.finish') : t('quiz.next')) : t('quiz.check')}
            </Button>
          </Box>
        )}

        <Box aria-live="polite" sx={{ mt: 2 }} data-testid={answered ? 'quiz-feedback' : undefined}>
          {feedback}
          {saveFailed && !answered && <Alert severity="error">{t('review.saveFailed')}</Alert>}
        </Box>
        {answered && question.type !== 'typed' && (
          <Button variant="contained" onClick={next} sx={{ mt: 2 }} autoFocus>
            {index + 1 >= questions.length ? t('quiz.finish') : t('quiz.next')}
          </Button>
        )}
      </Paper>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        {t('quiz.keys')}
      </Typography>
    </>
  );
}

/** The one switch that lets a test's answers reach the schedule, with what each position does. */
function ScheduleSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useI18n();
  return (
    <Box sx={{ mb: 2 }}>
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => onChange(e.target.checked)} data-testid="test-counts" />}
        label={t('quiz.countsLabel')}
      />
      <Typography variant="body2" color="text.secondary" data-testid="test-counts-help">
        {on ? t('quiz.countsOn') : t('quiz.countsOff')}
      </Typography>
    </Box>
  );
}

function expected(q: Question): string {
  if (q.type === 'trueFalse') return q.statementTrue ? (q.statement ?? '') : (q.answers[0] ?? '');
  return q.answers.join('; ');
}

function Feedback({ result }: { result: Result }) {
  const { t } = useI18n();
  const { verdict } = result.graded;
  const answer = expected(result.question);
  if (verdict === 'correct') return <Alert severity="success">{t('quiz.correct')}</Alert>;
  if (verdict === 'near') return <Alert severity="warning">{t('quiz.near', { answer })}</Alert>;
  return <Alert severity="error">{t('quiz.wrong', { answer })}</Alert>;
}

function QuizResults({ results, elapsedMs, deckId, onAgain }: { results: Result[]; elapsedMs: number; deckId: string; onAgain: () => void }) {
  const { t } = useI18n();
  const correct = results.filter((r) => r.graded.verdict === 'correct').length;
  const near = results.filter((r) => r.graded.verdict === 'near').length;
  const mistakes = results.filter((r) => r.graded.verdict !== 'correct');
  const counted = results.filter((r) => r.counted).length;
  const given = (r: Result) => {
    if (r.question.type === 'trueFalse') return r.graded.given === 'true' ? t('quiz.true') : t('quiz.false');
    return r.graded.given.trim() || t('quiz.noAnswer');
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="quiz-results" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography id="quiz-results" variant="h5" component="h2" gutterBottom>
        {t('quiz.results')}
      </Typography>
      <Typography variant="h6" component="p" data-testid="quiz-score">
        {t('quiz.score', { correct, count: results.length })}
      </Typography>
      {near > 0 && <Typography color="text.secondary">{t('quiz.nearCount', { count: near })}</Typography>}
      <Typography color="text.secondary">{t('quiz.time', { time: formatDuration(elapsedMs) })}</Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {t('quiz.mistakes')}
      </Typography>
      {mistakes.length === 0 ? (
        <Typography color="text.secondary">{t('quiz.noMistakes')}</Typography>
      ) : (
        <List dense aria-label={t('quiz.mistakes')}>
          {mistakes.map((r) => (
            <ListItem key={r.question.cardId} disableGutters>
              <ListItemText
                primary={
                  <span lang={r.question.entry.languageCode}>
                    {r.question.entry.text}
                    {r.question.entry.reading && r.question.entry.reading !== r.question.entry.text ? ` · ${r.question.entry.reading}` : ''}
                  </span>
                }
                secondary={t('lists.pair', { first: t('quiz.yourAnswer', { answer: given(r) }), second: t('quiz.expected', { answer: expected(r.question) }) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {counted > 0 && <Typography color="text.secondary" sx={{ mt: 1 }}>{t('quiz.countedCount', { count: counted })}</Typography>}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={onAgain}>
          {t('quiz.again')}
        </Button>
        <Button variant="outlined" component={Link} to={`/decks/${deckId}`}>
          {t('review.backToDeck')}
        </Button>
      </Stack>
      <PastTests deckId={deckId} />
    </Paper>
  );
}

/** The learner's tests of the deck, newest first: when, the score, and whether they counted. */
function PastTests({ deckId }: { deckId: string }) {
  const { t, formatDateTime } = useI18n();
  const tests = useTestsOf(deckId);
  if (!tests || tests.length === 0) return null;
  const score = (test: UserTest) => test.answers.filter((a) => a.verdict === 'correct').length;
  return (
    <Box component="section" aria-labelledby="quiz-history" sx={{ mt: 3 }}>
      <Typography id="quiz-history" variant="subtitle1" component="h3">
        {t('quiz.history')}
      </Typography>
      <List dense aria-labelledby="quiz-history" data-testid="quiz-history">
        {tests.slice(0, 10).map((test) => (
          <ListItem key={test.id} disableGutters>
            <ListItemText
              primary={t('quiz.score', { correct: score(test), count: test.answers.length })}
              secondary={formatDateTime(test.startedAt)}
            />
            {test.rescheduled && <Chip size="small" variant="outlined" label={t('quiz.counted')} />}
            {test.finishedAt === null && <Chip size="small" variant="outlined" label={t('quiz.unfinished')} sx={{ marginInlineStart: 1 }} />}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

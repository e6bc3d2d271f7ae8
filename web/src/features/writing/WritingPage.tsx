// Writing practice (/decks/{deckId}/entries/{entryId}/writing): the entry written character by
// character on the canvas, in three modes — guided (outline, stroke-order animation), recall
// (prompted by meaning and reading) and dictation (the word is spoken). Every stroke is judged
// (accepted, wrong order, backwards, wrong shape or place); after repeated misses the expected
// stroke is shown. A character without stroke data is written freely and scored against the
// font's glyph. Finishing records a writing-card review (grading.ts) through the one answer path
// (study/store.ts) before the result shows; the result can be taken back.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Entry } from '../../api/generated/types';
import { WritingCanvas, type StrokeFeedback } from '../../canvas/WritingCanvas';
import { gridTypeOf, writtenRightToLeft } from '../../canvas/grids';
import { useCanvasSize } from '../../canvas/useCanvasSize';
import { candidateOrders, inOrder, judgeInOrders } from '../../canvas/orders';
import type { InkPoint } from '../../canvas/ink';
import { useLiveQuery } from 'dexie-react-hooks';
import { loadCharacter, type CharacterStrokes } from '../../characters/lookup';
import { db } from '../../db/db';
import { answerEntryCard, takeBackReview } from '../../study/store';
import { useI18n } from '../../i18n/I18nContext';
import { useListen } from '../shared/speech';
import { ListenNotice } from '../shared/Listen';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck, useEntry } from '../shared/hooks';
import { EMPTY_TALLY, writingRating, writingScore, type WritingTally } from './grading';
import { useWritingSettings } from './settings';

type PracticeMode = 'guided' | 'recall' | 'dictation';
type Matcher = typeof import('../../canvas/matcher');

/** The characters of a text to write (graphemes, without spaces and punctuation). */
export function writableGraphemes(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text.normalize('NFC'))].map((s) => s.segment).filter((g) => /[\p{L}\p{N}]/u.test(g));
}

/** Stroke data for each character (null: none known), live from the local database (a first
 * sync still bringing the characters in updates the page). */
function useCharacterStrokes(languageCode: string, values: readonly string[]): (CharacterStrokes | null)[] | undefined {
  return useLiveQuery(() => Promise.all(values.map((v) => loadCharacter(db, languageCode, v))), [languageCode, values]);
}

export function WritingPage() {
  const { deckId, entryId } = useParams();
  const deck = useDeck(deckId);
  const entry = useEntry(entryId);
  const { t } = useI18n();
  if (deck === undefined || entry === undefined) return <LoadingState />;
  if (!deck) return <MissingState kind="deck" />;
  if (!entry) return <MissingState kind="entry" />;
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

interface Result {
  score: number;
  rating: 1 | 2 | 3 | 4;
  tally: WritingTally;
  /** The recorded review (null: it could not be stored). */
  reviewId: string | null;
}

function WritingPractice({ deckId, entry, backTo }: { deckId: string; entry: Entry; backTo: string }) {
  const { t, formatNumber } = useI18n();
  const theme = useTheme();
  const settings = useWritingSettings();
  const [practice, setPractice] = useState<PracticeMode>('guided');
  const values = useMemo(() => writableGraphemes(entry.text), [entry.text]);
  const characters = useCharacterStrokes(entry.languageCode, values);
  const listen = useListen(entry);
  // Dictation needs the word heard: its recording or a voice (otherwise its tab is hidden).
  const canDictate = listen.source === 'recording' || listen.source === 'voice';
  const [matcher, setMatcher] = useState<Matcher | null>(null);
  const [canvasRef, size] = useCanvasSize(440);

  // Where the learner is.
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState(0);
  const [misses, setMisses] = useState(0);
  const [hint, setHint] = useState<number | null>(null);
  const [animation, setAnimation] = useState(0);
  const [feedback, setFeedback] = useState<StrokeFeedback | null>(null);
  const [message, setMessage] = useState('');
  const [freeInk, setFreeInk] = useState<InkPoint[][]>([]);
  /** The learner's own accepted strokes of this character: the matcher fits their size and
   * placement from them, so a character written small or off-centre is judged on its shape. */
  const [drawn, setDrawn] = useState<InkPoint[][]>([]);
  const [tally, setTally] = useState<WritingTally>(EMPTY_TALLY);
  const [result, setResult] = useState<Result | null>(null);
  /** The result being recorded or taken back. */
  const [saving, setSaving] = useState(false);
  const startedAt = useRef(0);
  const feedbackKey = useRef(0);

  useEffect(() => {
    let cancelled = false;
    void import('../../canvas/matcher').then((m) => !cancelled && setMatcher(m));
    return () => {
      cancelled = true;
    };
  }, []);

  const character = characters?.[index] ?? null;
  const strokes = useMemo(() => character?.strokes ?? [], [character]);
  // Orders the character accepts (canonical first); narrowed as strokes are accepted.
  const baseOrders = useMemo(() => candidateOrders(strokes.length, character?.stored?.alternatives ?? []), [strokes, character]);
  const [narrowed, setNarrowed] = useState<number[][] | null>(null);
  const orders = narrowed ?? baseOrders;
  const ordered = useMemo(() => inOrder(strokes, orders[0] ?? []), [strokes, orders]);
  /** The learner's leniency times the character's own (from its data, set in the admin editor). */
  const leniency = settings.leniency * (character?.stored?.leniency ?? 1);
  const free = characters !== undefined && character === null;

  const restart = useCallback(() => {
    setIndex(0);
    setDone(0);
    setDrawn([]);
    setNarrowed(null);
    setMisses(0);
    setHint(null);
    setFeedback(null);
    setMessage('');
    setFreeInk([]);
    setTally({ ...EMPTY_TALLY, freeScores: [] });
    setResult(null);
    startedAt.current = 0;
  }, []);

  /** The whole entry is written: grade it, record the writing card's review (the one answer path,
   * study/store.ts), and show the result once it is stored. */
  const finish = useCallback(
    async (final: WritingTally) => {
      const at = Date.now();
      const withTime = { ...final, durationMs: at - startedAt.current };
      const rating = writingRating(withTime);
      const score = writingScore(withTime);
      setSaving(true);
      try {
        const { review } = await answerEntryCard({ deckId, entryId: entry.id, kind: 'writing' }, rating, at, withTime.durationMs, { score });
        setResult({ score, rating, tally: withTime, reviewId: review.id });
        setMessage(t('writing.finished'));
      } catch (e) {
        console.error('saving a writing review failed', e);
        setResult({ score, rating, tally: withTime, reviewId: null });
        setMessage(t('review.saveFailed'));
      } finally {
        setSaving(false);
      }
    },
    [deckId, entry.id, t],
  );

  /** Takes the recorded result back (a tombstone through the outbox) and starts the entry again. */
  const takeBack = useCallback(async () => {
    const reviewId = result?.reviewId;
    if (!reviewId) return;
    setSaving(true);
    try {
      await takeBackReview(reviewId);
      restart();
      setMessage(t('review.undone'));
    } catch (e) {
      console.error('taking back a review failed', e);
      setMessage(t('review.undoFailed'));
    } finally {
      setSaving(false);
    }
  }, [restart, result, t]);

  /** On to the next character, or finish. */
  const next = useCallback(
    (final: WritingTally) => {
      if (!characters) return;
      if (index + 1 >= characters.length) {
        void finish(final);
        return;
      }
      setIndex(index + 1);
      setDone(0);
      setDrawn([]);
      setNarrowed(null);
      setMisses(0);
      setHint(null);
      setFreeInk([]);
      setFeedback(null);
    },
    [characters, finish, index],
  );

  const onStroke = useCallback(
    (points: InkPoint[]) => {
      if (result || saving || !characters) return;
      if (startedAt.current === 0) startedAt.current = Date.now() - (points[points.length - 1]?.t ?? 0);
      if (free) {
        setFreeInk((ink) => [...ink, points]);
        return;
      }
      if (!matcher) return;
      const { judgement: judged, orders: left } = judgeInOrders(matcher.judgeStroke, points, strokes, orders, done, {
        leniency,
        drawnSoFar: drawn,
      });
      feedbackKey.current++;
      if (judged.verdict === 'accepted') {
        const nowDone = done + 1;
        const total = tally.strokes + 1;
        const updated = { ...tally, strokes: total };
        setTally(updated);
        setDone(nowDone);
        setDrawn((d) => [...d, points]);
        setNarrowed(left);
        setMisses(0);
        setHint(null);
        setFeedback({ kind: 'accepted', points, key: feedbackKey.current });
        setMessage(t('writing.strokeOk', { n: nowDone, total: strokes.length }));
        if (nowDone >= strokes.length) next(updated);
        return;
      }
      const missesNow = misses + 1;
      const showHint = missesNow >= settings.missesBeforeHint && hint === null;
      setTally((x) => ({
        ...x,
        misses: x.misses + (judged.verdict === 'backwards' ? 0 : 1),
        backwards: x.backwards + (judged.verdict === 'backwards' ? 1 : 0),
        hints: x.hints + (showHint ? 1 : 0),
      }));
      setMisses(missesNow);
      if (showHint) setHint(done);
      setFeedback({ kind: 'wrong', points, key: feedbackKey.current });
      setMessage(
        judged.verdict === 'wrong-order'
          ? t('writing.wrongOrder', { n: done + 1 })
          : judged.verdict === 'backwards'
            ? t('writing.backwards')
            : t('writing.wrongShape'),
      );
    },
    [characters, done, drawn, free, hint, leniency, matcher, misses, next, orders, result, saving, settings, strokes, t, tally],
  );

  /** Free writing: score the drawing against the font's glyph and move on. */
  const checkFree = useCallback(async () => {
    const { scoreAgainstGlyph } = await import('../../canvas/glyphScore');
    const score = scoreAgainstGlyph(values[index] ?? '', entry.languageCode, freeInk) ?? 0;
    const updated = { ...tally, freeScores: [...tally.freeScores, score] };
    setTally(updated);
    setMessage(t('writing.freeScore', { percent: formatNumber(Math.round(score * 100)) }));
    next(updated);
  }, [entry.languageCode, formatNumber, freeInk, index, next, t, tally, values]);

  const undo = useCallback(() => {
    if (free) setFreeInk((ink) => ink.slice(0, -1));
    else if (done > 0) {
      setDone(done - 1);
      setDrawn((d) => d.slice(0, -1));
      // Which orders the remaining strokes allow is worked out again from the start.
      if (done - 1 === 0) setNarrowed(null);
      setTally((x) => ({ ...x, strokes: Math.max(0, x.strokes - 1) }));
    }
    setFeedback(null);
  }, [done, free]);

  const clear = useCallback(() => {
    setTally((x) => ({ ...x, strokes: Math.max(0, x.strokes - done) }));
    setDone(0);
    setDrawn([]);
    setNarrowed(null);
    setFreeInk([]);
    setFeedback(null);
    setHint(null);
  }, [done]);

  // Keyboard: Ctrl/Cmd+Z undoes the last stroke.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  // Dictation speaks the word when the practice starts.
  useEffect(() => {
    if (practice === 'dictation' && canDictate && index === 0 && done === 0) listen.listen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- spoken once per start of a dictation
  }, [practice, listen.source]);

  if (characters === undefined) return <LoadingState />;
  const rtl = writtenRightToLeft(entry.languageCode);
  const mode = theme.palette.mode;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Tabs value={practice} onChange={(_, v: PracticeMode) => { setPractice(v); restart(); }} aria-label={t('writing.modes')}>
        <Tab value="guided" label={t('writing.guided')} />
        <Tab value="recall" label={t('writing.recall')} />
        {canDictate && <Tab value="dictation" label={t('writing.dictation')} />}
      </Tabs>

      <Paper variant="outlined" sx={{ p: 2 }}>
        {practice === 'guided' && (
          <Typography variant="h4" component="p" lang={entry.languageCode} dir={rtl ? 'rtl' : undefined}>
            {entry.text}
          </Typography>
        )}
        {practice === 'recall' && (
          <Typography>
            {t('writing.recallPrompt', { meaning: entry.meanings.join(', '), reading: entry.reading || '—' })}
          </Typography>
        )}
        {practice === 'dictation' && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={listen.listen}>
              {t('writing.hearAgain')}
            </Button>
          </Stack>
        )}
        <Stack
          direction="row"
          spacing={0.5}
          // In the script's order, on the side of the word above: a right-to-left word sits right
          // (it has dir=rtl), a left-to-right one takes the page's side.
          sx={{ mt: 1, flexWrap: 'wrap', justifyContent: !rtl && theme.direction === 'rtl' ? 'flex-end' : 'flex-start' }}
          useFlexGap
          dir={rtl ? 'rtl' : 'ltr'}
          aria-label={t('writing.progress')}
        >
          {values.map((v, i) => (
            <Chip
              key={i}
              size="small"
              lang={entry.languageCode}
              label={practice === 'guided' || i < index || result ? v : '?'}
              color={result || i < index ? 'success' : i === index ? 'primary' : 'default'}
              variant={i === index && !result ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
      </Paper>

      {result ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-live="polite">
          <Typography variant="h6" component="h2">
            {t('writing.resultTitle')}
          </Typography>
          <Typography>{t('writing.resultScore', { percent: formatNumber(Math.round(result.score * 100)), rating: t(`writing.rating${result.rating}`) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('writing.resultDetail', {
              misses: result.tally.misses,
              backwards: result.tally.backwards,
              hints: result.tally.hints,
              seconds: formatNumber(Math.round(result.tally.durationMs / 1000)),
            })}
          </Typography>
          {result.reviewId === null && <Alert severity="error" sx={{ mt: 1 }}>{t('review.saveFailed')}</Alert>}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={restart} disabled={saving}>
              {t('writing.again')}
            </Button>
            {result.reviewId !== null && (
              <Button onClick={() => void takeBack()} disabled={saving}>
                {t('writing.takeBack')}
              </Button>
            )}
            <Button component={Link} to={backTo}>
              {t('writing.backToEntry')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box ref={canvasRef} sx={{ width: '100%', maxWidth: 440 }}>
            <WritingCanvas
              languageCode={entry.languageCode}
              gridType={gridTypeOf(entry.languageCode)}
              mode={mode}
              size={size}
              strokes={ordered}
              showOutline={practice === 'guided'}
              done={done}
              hint={hint}
              animation={animation}
              feedback={feedback}
              keepInk={free ? freeInk : undefined}
              onStroke={onStroke}
              label={t('writing.canvasLabel', { n: index + 1, total: values.length })}
              disabled={!free && !matcher}
            />
          </Box>
          <Stack spacing={1} sx={{ minWidth: 200 }}>
            <Typography role="status" aria-live="polite" sx={{ minHeight: '3em' }} data-testid="writing-message">
              {message || (free ? t('writing.freeIntro') : t('writing.strokeOf', { n: done + 1, total: strokes.length }))}
            </Typography>
            {free && <Alert severity="info">{t('writing.noStrokeData')}</Alert>}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
              <Button onClick={undo} disabled={free ? freeInk.length === 0 : done === 0}>
                {t('writing.undo')}
              </Button>
              <Button onClick={clear}>{t('writing.clear')}</Button>
              {!free && practice === 'guided' && (
                <Button onClick={() => setAnimation((a) => a + 1)}>{t('writing.animate')}</Button>
              )}
              {!free && (
                <Button
                  onClick={() => {
                    if (hint === null) setTally((x) => ({ ...x, hints: x.hints + 1 }));
                    setHint(done);
                  }}
                >
                  {t('writing.hint')}
                </Button>
              )}
              {free && (
                <Button variant="contained" onClick={() => void checkFree()} disabled={freeInk.length === 0}>
                  {t('writing.check')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      )}
      {/* Why Dictation is missing, at the end: it settles a moment after load (voices arrive
          late) and must not move the canvas under a stroke. */}
      <ListenNotice listen={listen} languageCode={entry.languageCode} />
    </Stack>
  );
}

// Writing one entry on the canvas, character by character: what writing practice and the writing
// cards of a review share. The state machine is writingSession.ts; this draws it. Each stroke is
// judged by the matcher (canvas/matcher.ts) in every order the character
// accepts; a character without stroke data is written freely and checked against the font's
// glyph. The matcher is imported with the pad (not on demand): a review's writing card shown
// offline must not fetch a chunk the service worker may not hold yet (a failed chunk load reloads
// the page). A finished character stays on the canvas — the learner's ink over the model, the strokes
// that went wrong marked — with its score (shape, order, direction); Next (or Enter) goes on.
// When the entry is finished the pad hands its grade to the host, which records it (and starts
// it over, when asked, by mounting a new pad).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Entry } from '../../api/generated/types';
import { WritingCanvas } from '../../canvas/WritingCanvas';
import { scoreAgainstGlyph, type CharacterScore } from '../../canvas/glyphScore';
import { gridTypeOf, writtenRightToLeft } from '../../canvas/grids';
import type { InkPoint } from '../../canvas/ink';
import { judgeStroke } from '../../canvas/matcher';
import { candidateOrders, inOrder, judgeInOrders } from '../../canvas/orders';
import { useCanvasSize } from '../../canvas/useCanvasSize';
import type { CharacterStrokes } from '../../characters/lookup';
import { useCharacterStrokes } from '../../db/read/characters';
import { useI18n } from '../../i18n/I18nContext';
import type { WritingTally, Rating } from './grading';
import { useWritingSettings } from './settings';
import { grade, isFree, lastResult, startWriting, step, strokeTotal, type WritingEvent, type WritingState } from './writingSession';

export type PracticeMode = 'guided' | 'recall' | 'dictation';

/** The canvas's largest side (CSS px); it keeps this size (or the width it has) in every mode. */
export const PAD_CANVAS_PX = 440;

/** An entry's grade, as the pad hands it over when the entry is finished. */
export interface WritingGrade {
  score: number;
  rating: Rating;
  tally: WritingTally;
}

/** The characters of a text to write (graphemes, without spaces and punctuation). */
export function writableGraphemes(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text.normalize('NFC'))].map((s) => s.segment).filter((g) => /[\p{L}\p{N}]/u.test(g));
}

export interface WritingPadProps {
  entry: Entry;
  practice: PracticeMode;
  /** Called once, when the last character is finished. */
  onFinished: (grade: WritingGrade) => void;
  /** Shown under the result once the entry is finished: the host's buttons. */
  actions?: ReactNode;
  /** Ctrl/Cmd+Z undoes a stroke (writing practice; in a review those keys undo answers). */
  strokeKeys?: boolean;
}

export function WritingPad(props: WritingPadProps) {
  const values = useMemo(() => writableGraphemes(props.entry.text), [props.entry.text]);
  const characters = useCharacterStrokes(props.entry.languageCode, values);
  const [canvasRef, size] = useCanvasSize(PAD_CANVAS_PX);
  if (characters === undefined) return <Box ref={canvasRef} sx={canvasBoxSx} style={{ height: size }} aria-busy="true" />;
  // Stroke data arriving later (a first sync) starts the entry over with it.
  const key = characters.map((c) => c?.strokes.length ?? 0).join(',');
  return <Pad key={key} {...props} values={values} characters={characters} canvasRef={canvasRef} size={size} />;
}

/** The canvas's box: a fixed width from sm up, the whole width below, so neither messages nor
 * the result beside it change its size. */
const canvasBoxSx = { flex: '0 0 auto', width: { xs: '100%', sm: 360, md: PAD_CANVAS_PX }, maxWidth: PAD_CANVAS_PX } as const;

function Pad({
  entry,
  practice,
  onFinished,
  actions,
  strokeKeys,
  values,
  characters,
  canvasRef,
  size,
}: WritingPadProps & {
  values: string[];
  characters: (CharacterStrokes | null)[];
  canvasRef: (el: HTMLElement | null) => void;
  size: number;
}) {
  const { t, formatNumber } = useI18n();
  const theme = useTheme();
  const settings = useWritingSettings();
  const [state, setState] = useState<WritingState>(() =>
    startWriting(
      values,
      characters.map((c) => c?.strokes.length ?? 0),
      settings.missesBeforeHint,
    ),
  );
  const [animation, setAnimation] = useState(0);
  const [graded, setGraded] = useState<WritingGrade | null>(null);
  // The state as last dispatched, so two strokes in one frame both see the one before.
  const current = useRef(state);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);
  const nextButton = useRef<HTMLButtonElement>(null);

  const dispatch = useCallback((e: WritingEvent) => {
    const before = current.current;
    const after = step(before, e);
    if (after === before) return;
    current.current = after;
    setState(after);
    if (e.type === 'restart') setGraded(null);
    if (after.phase === 'finished' && before.phase !== 'finished') {
      const g = grade(after, Date.now());
      setGraded(g);
      onFinishedRef.current(g);
    }
  }, []);

  const character = characters[state.index] ?? null;
  const strokes = useMemo(() => character?.strokes ?? [], [character]);
  // Orders the character accepts (canonical first); narrowed as strokes are accepted.
  const orders = useMemo(
    () => state.orders ?? candidateOrders(strokes.length, character?.stored?.alternatives ?? []),
    [state.orders, strokes, character],
  );
  const ordered = useMemo(() => inOrder(strokes, orders[0] ?? []), [strokes, orders]);
  /** The learner's leniency times the character's own (from its data, set in the admin editor). */
  const leniency = settings.leniency * (character?.stored?.leniency ?? 1);
  const free = isFree(state);
  const result = lastResult(state);
  const writing = state.phase === 'writing';

  const onStroke = useCallback(
    (points: InkPoint[]) => {
      const s = current.current;
      const at = Date.now();
      if (s.phase !== 'writing') return;
      if (isFree(s)) {
        dispatch({ type: 'freeStroke', points, at });
        return;
      }
      const { judgement, orders: left } = judgeInOrders(judgeStroke, points, strokes, orders, s.done, {
        leniency,
        drawnSoFar: s.drawn,
      });
      dispatch({ type: 'stroke', points, at, verdict: judgement.verdict, score: judgement.score, orders: left });
    },
    [dispatch, leniency, orders, strokes],
  );

  const checkFree = useCallback(() => {
    const s = current.current;
    const score = scoreAgainstGlyph(values[s.index] ?? '', entry.languageCode, s.freeInk) ?? 0;
    dispatch({ type: 'freeChecked', score });
  }, [dispatch, entry.languageCode, values]);

  // Keys: Enter goes on from a finished character; Ctrl/Cmd+Z undoes a stroke (when asked).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (strokeKeys && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        dispatch({ type: 'undo' });
        return;
      }
      // A focused button answers Enter itself.
      if (e.key === 'Enter' && tag !== 'BUTTON' && tag !== 'A' && current.current.phase === 'characterDone') {
        e.preventDefault();
        dispatch({ type: 'next' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, strokeKeys]);

  // The way on takes the focus when a character is finished (Enter or a tap goes on).
  useEffect(() => {
    if (state.phase === 'characterDone') nextButton.current?.focus({ preventScroll: true });
  }, [state.phase]);

  const rtl = writtenRightToLeft(entry.languageCode);
  const total = strokeTotal(state);
  const message = state.message
    ? t(state.message.key, state.message.values)
    : free
      ? t('writing.freeIntro')
      : t('writing.strokeOf', { n: state.done + 1, total });

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={0.5}
        // In the script's order: a right-to-left word sits right (it has dir=rtl), a left-to-right
        // one takes the page's side.
        sx={{ flexWrap: 'wrap', justifyContent: !rtl && theme.direction === 'rtl' ? 'flex-end' : 'flex-start' }}
        useFlexGap
        dir={rtl ? 'rtl' : 'ltr'}
        aria-label={t('writing.progress')}
      >
        {values.map((v, i) => {
          const past = i < state.index || (i === state.index && !writing);
          return (
            <Chip
              key={i}
              size="small"
              lang={entry.languageCode}
              label={practice === 'guided' || past ? v : '?'}
              color={past ? 'success' : i === state.index ? 'primary' : 'default'}
              variant={i === state.index && writing ? 'filled' : 'outlined'}
            />
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box ref={canvasRef} sx={canvasBoxSx}>
          <WritingCanvas
            languageCode={entry.languageCode}
            gridType={gridTypeOf(entry.languageCode)}
            mode={theme.palette.mode}
            size={size}
            strokes={ordered}
            showOutline={practice === 'guided'}
            done={state.done}
            hint={state.shown}
            nextHint={state.nextHint}
            animation={animation}
            feedback={state.feedback}
            keepInk={free ? state.freeInk : undefined}
            finished={result ? { ink: result.ink, wrong: result.score.wrong } : null}
            onStroke={onStroke}
            label={t('writing.canvasLabel', { n: state.index + 1, total: values.length })}
          />
        </Box>
        <Stack spacing={1} sx={{ flex: '1 1 0', minWidth: 0, width: '100%', textAlign: 'start' }}>
          {state.phase === 'finished' && (
            <Typography variant="h6" component="h2">
              {t('writing.resultTitle')}
            </Typography>
          )}
          <Typography role="status" aria-live="polite" sx={{ minHeight: '1.5em' }} data-testid="writing-message">
            {message}
          </Typography>
          {result && <ScoreBlock score={result.score} value={result.value} lang={entry.languageCode} />}
          {state.phase === 'finished' && graded && (
            <Box aria-live="polite" data-testid="writing-result">
              <Typography>{t('writing.resultScore', { percent: formatNumber(Math.round(graded.score * 100)), rating: t(`writing.rating${graded.rating}`) })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('writing.resultDetail', {
                  misses: graded.tally.misses,
                  backwards: graded.tally.backwards,
                  hints: graded.tally.hints,
                  seconds: formatNumber(Math.round(graded.tally.durationMs / 1000)),
                })}
              </Typography>
            </Box>
          )}
          {writing && free && <Alert severity="info">{t('writing.noStrokeData')}</Alert>}
          {writing && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
              <Button onClick={() => dispatch({ type: 'undo' })} disabled={free ? state.freeInk.length === 0 : state.done === 0}>
                {t('writing.undo')}
              </Button>
              <Button onClick={() => dispatch({ type: 'clear' })}>{t('writing.clear')}</Button>
              {!free && practice === 'guided' && <Button onClick={() => setAnimation((a) => a + 1)}>{t('writing.animate')}</Button>}
              {!free && <Button onClick={() => dispatch({ type: 'hint' })}>{t('writing.hint')}</Button>}
              {free && (
                <Button variant="contained" onClick={checkFree} disabled={state.freeInk.length === 0}>
                  {t('writing.check')}
                </Button>
              )}
            </Stack>
          )}
          {state.phase === 'characterDone' && (
            <Box>
              <Button ref={nextButton} variant="contained" onClick={() => dispatch({ type: 'next' })} aria-keyshortcuts="Enter">
                {t('writing.nextCharacter')}
              </Button>
            </Box>
          )}
          {state.phase === 'finished' && actions}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** The finished character's score: overall, then shape, order and direction, and which strokes
 * went wrong. */
function ScoreBlock({ score, value, lang }: { score: CharacterScore; value: string; lang: string }) {
  const { t, formatNumber } = useI18n();
  const pct = (x: number) => formatNumber(Math.round(x * 100));
  const parts = [
    t('writing.scoreShape', { percent: pct(score.shape) }),
    ...(score.order !== null ? [t('writing.scoreOrder', { percent: pct(score.order) })] : []),
    ...(score.direction !== null ? [t('writing.scoreDirection', { percent: pct(score.direction) })] : []),
  ];
  return (
    <Box data-testid="character-score" data-score={Math.round(score.overall * 100)}>
      <Typography sx={{ fontWeight: 600 }}>
        <span lang={lang}>{value}</span> · {t('writing.characterScore', { percent: pct(score.overall) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {parts.join(' · ')}
      </Typography>
      {score.order !== null && (
        <Typography variant="body2" color={score.wrong.length > 0 ? 'error' : 'text.secondary'} data-testid="wrong-strokes">
          {score.wrong.length > 0
            ? t('writing.wrongStrokes', { count: score.wrong.length, strokes: score.wrong.map((i) => formatNumber(i + 1)).join(', ') })
            : t('writing.noWrongStrokes')}
        </Typography>
      )}
    </Box>
  );
}

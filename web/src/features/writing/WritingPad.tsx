// Writing one entry on the canvas, character by character: what writing practice and the writing
// cards of a review share. The stages (lesson.ts: watch, trace, write from memory, trace once
// more) run over the one-character machine (writingSession.ts); this draws them. Each stroke is
// judged by the matcher (canvas/matcher.ts) in every order the character accepts; a character
// without stroke data is written freely and checked against the font's glyph. The matcher is
// imported with the pad (not on demand): a review's writing card shown offline must not fetch a
// chunk the service worker may not hold yet (a failed chunk load reloads the page).
// A written character stays on the canvas — the learner's ink over the model, strokes shown to
// the learner marked wrong and corrected ones marked apart — with its one grade (grading.ts);
// the stage's button (or Enter) goes on. When the entry is finished the pad hands its grade to
// the host, which records it (and starts it over, when asked, by mounting a new pad).
// Layout: on a phone the prompt and the steps sit above the canvas and the message and the way on
// right under it; from sm up they stand beside it. The canvas is as big as the screen allows
// (useFittedCanvasSize), so it and the way on are on screen without scrolling.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Entry } from '../../api/generated/types';
import { WritingCanvas } from '../../canvas/WritingCanvas';
import { scoreAgainstGlyph } from '../../canvas/glyphScore';
import { gridTypeOf, writtenRightToLeft } from '../../canvas/grids';
import type { InkPoint } from '../../canvas/ink';
import { judgeStroke } from '../../canvas/matcher';
import { candidateOrders, inOrder, judgeInOrders } from '../../canvas/orders';
import { useFittedCanvasSize } from '../../canvas/useFittedCanvasSize';
import type { CharacterStrokes } from '../../characters/lookup';
import { useCharacterStrokes } from '../../db/read/characters';
import { useI18n } from '../../i18n/I18nContext';
import { strokesBy, type CharacterGrade, type Rating } from './grading';
import { currentResult, lessonGrade, lessonMessage, lessonStep, plannedStages, showsModel, startLesson, wayOnKind, type LessonEvent, type LessonMode, type LessonState } from './lesson';
import { useWritingSettings } from './settings';
import { isFree } from './writingSession';
import { now as serverNow } from '../../api/serverClock';

export type PracticeMode = 'guided' | 'recall' | 'dictation';

/** The canvas's sizes (CSS px): it grows to what the screen leaves, within these. */
export const PAD_CANVAS_MIN = 200;
export const PAD_CANVAS_MAX = 600;
/** Beside the canvas from sm up: the side column's width with its gap. */
const SIDE = { sm: 256 + 16, md: 320 + 24 } as const;
/** Kept under the canvas to the viewport's bottom: on a phone the message and the way on (two
 * lines and a button row) and the page's bottom padding; beside it, the padding alone. */
const BELOW = { column: 148, row: 48 } as const;

/** An entry's grade, as the pad hands it over when the entry is finished. */
export interface WritingGrade {
  score: number;
  rating: Rating;
  /** Writing time of the graded stages (ms). */
  durationMs: number;
}

/** The characters of a text to write (graphemes, without spaces and punctuation). */
export function writableGraphemes(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text.normalize('NFC'))].map((s) => s.segment).filter((g) => /[\p{L}\p{N}]/u.test(g));
}

export interface WritingPadProps {
  entry: Entry;
  practice: PracticeMode;
  /** A character's first writing card: watched and traced before it is written from memory. */
  teach?: boolean;
  /** What to write (the host's prompt): above the canvas on a phone, beside it from sm up. */
  prompt?: ReactNode;
  /** A line of the host's (a notice), under the result. */
  notice?: ReactNode;
  /** Called once, when the last character is finished. */
  onFinished: (grade: WritingGrade) => void;
  /** Shown once the entry is finished: the host's buttons, the way on first. */
  actions?: ReactNode;
  /** Ctrl/Cmd+Z undoes a stroke (writing practice; in a review those keys undo answers). */
  strokeKeys?: boolean;
}

/** The label of a finished stage's way on. */
const WAY_ON_LABEL = { recall: 'writing.writeFromMemory', retrace: 'writing.traceOnceMore', nextCharacter: 'writing.nextCharacter' } as const;

const modeOf = (practice: PracticeMode, teach: boolean | undefined): LessonMode => (teach ? 'teach' : practice === 'guided' ? 'trace' : 'recall');

export function WritingPad(props: WritingPadProps) {
  const values = useMemo(() => writableGraphemes(props.entry.text), [props.entry.text]);
  const characters = useCharacterStrokes(props.entry.languageCode, values);
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const row = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const { measureWidth, measureTop, size } = useFittedCanvasSize({
    initial: 320,
    min: PAD_CANVAS_MIN,
    max: PAD_CANVAS_MAX,
    side: row ? (md ? SIDE.md : SIDE.sm) : 0,
    below: row ? BELOW.row : BELOW.column,
  });
  if (characters === undefined) {
    return (
      <PadGrid size={size} measure={measureWidth} busy>
        <Box sx={{ gridArea: 'prompt' }}>{props.prompt}</Box>
        <Box ref={measureTop} sx={{ gridArea: 'canvas', width: size, height: size }} />
      </PadGrid>
    );
  }
  // Stroke data arriving later (a first sync) starts the entry over with it.
  const key = characters.map((c) => c?.strokes.length ?? 0).join(',');
  return <Pad key={key} {...props} values={values} characters={characters} size={size} measureWidth={measureWidth} measureTop={measureTop} />;
}

type Measure = (el: HTMLElement | null) => void;

/** The pad's grid: prompt, steps, canvas and panel stacked on a phone; the canvas beside the
 * rest from sm up. */
function PadGrid({ size, measure, children, busy }: { size: number; measure: Measure; children: ReactNode; busy?: boolean }) {
  return (
    <Box
      ref={measure}
      aria-busy={busy || undefined}
      sx={{
        display: 'grid',
        columnGap: { sm: 2, md: 3 },
        rowGap: 1,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${size}px minmax(0, 1fr)` },
        gridTemplateRows: { sm: 'auto auto 1fr' },
        gridTemplateAreas: { xs: '"prompt" "steps" "canvas" "panel"', sm: '"canvas prompt" "canvas steps" "canvas panel"' },
        textAlign: 'start',
      }}
    >
      {children}
    </Box>
  );
}

function Pad({
  entry,
  practice,
  teach,
  prompt,
  notice,
  onFinished,
  actions,
  strokeKeys,
  values,
  characters,
  size,
  measureWidth,
  measureTop,
}: WritingPadProps & { values: string[]; characters: (CharacterStrokes | null)[]; size: number; measureWidth: Measure; measureTop: Measure }) {
  const { t } = useI18n();
  const theme = useTheme();
  const settings = useWritingSettings();
  const mode = modeOf(practice, teach);
  const [lesson, setLesson] = useState<LessonState>(() =>
    startLesson(
      mode,
      values,
      characters.map((c) => c?.strokes.length ?? 0),
      settings.missesBeforeHint,
    ),
  );
  // Replays of the stroke-order animation asked for in the stage now.
  const [replays, setReplays] = useState({ stage: '', n: 0 });
  // The state as last dispatched, so two strokes in one frame both see the one before.
  const current = useRef(lesson);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);
  const wayOn = useRef<HTMLButtonElement>(null);

  const dispatch = useCallback((e: LessonEvent) => {
    const before = current.current;
    const after = lessonStep(before, e);
    if (after === before) return;
    current.current = after;
    setLesson(after);
    const grade = before.phase !== 'finished' ? lessonGrade(after) : null;
    if (grade) onFinishedRef.current(grade);
  }, []);

  const writing = lesson.writing;
  const character = characters[lesson.index] ?? null;
  const strokes = useMemo(() => character?.strokes ?? [], [character]);
  // Orders the character accepts (canonical first); narrowed as strokes are accepted.
  const orders = useMemo(
    () => writing.orders ?? candidateOrders(strokes.length, character?.stored?.alternatives ?? []),
    [writing.orders, strokes, character],
  );
  const ordered = useMemo(() => inOrder(strokes, orders[0] ?? []), [strokes, orders]);
  /** The learner's leniency times the character's own (from its data, set in the admin editor). */
  const leniency = settings.leniency * (character?.stored?.leniency ?? 1);
  const free = isFree(writing);
  const watching = lesson.stage === 'watch';
  const active = lesson.phase === 'active' && !watching;
  const result = currentResult(lesson);
  const graded = mode !== 'trace';

  const onStroke = useCallback(
    (points: InkPoint[]) => {
      const s = current.current;
      const at = serverNow();
      if (s.phase !== 'active' || s.stage === 'watch') return;
      if (isFree(s.writing)) {
        dispatch({ type: 'write', event: { type: 'freeStroke', points, at } });
        return;
      }
      const { judgement, orders: left } = judgeInOrders(judgeStroke, points, strokes, orders, s.writing.done, {
        leniency,
        drawnSoFar: s.writing.drawn,
      });
      dispatch({ type: 'write', event: { type: 'stroke', points, at, verdict: judgement.verdict, orders: left } });
    },
    [dispatch, leniency, orders, strokes],
  );

  const checkFree = useCallback(() => {
    const s = current.current;
    const score = scoreAgainstGlyph(values[s.index] ?? '', entry.languageCode, s.writing.freeInk) ?? 0;
    dispatch({ type: 'write', event: { type: 'freeChecked', score, at: serverNow() } });
  }, [dispatch, entry.languageCode, values]);

  // Keys: Enter goes on (ready to trace, or the stage's way on); Ctrl/Cmd+Z undoes a stroke (when
  // asked).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey) return;
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (strokeKeys && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        dispatch({ type: 'write', event: { type: 'undo' } });
        return;
      }
      // A focused button answers Enter itself.
      if (e.key !== 'Enter' || tag === 'BUTTON' || tag === 'A') return;
      const s = current.current;
      if (s.stage === 'watch' && s.phase === 'active') {
        e.preventDefault();
        dispatch({ type: 'ready' });
      } else if (s.phase === 'stageDone') {
        e.preventDefault();
        dispatch({ type: 'next' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, strokeKeys]);

  // A finished stage's way on takes the focus (Enter or a tap goes on), without scrolling. Not the
  // watching stage's: a new card opens on it, and a review's Space must still show the answer.
  useEffect(() => {
    if (lesson.phase === 'stageDone') wayOn.current?.focus({ preventScroll: true });
  }, [lesson.phase, lesson.index, lesson.stage]);

  const stageKey = `${lesson.index}/${lesson.stage}`;
  const replayed = replays.stage === stageKey ? replays.n : 0;
  // A number unique to the stage and each replay (the canvas restarts the animation when it
  // changes): watching plays it at once, other stages when asked.
  const stageBase = (lesson.index * 4 + ['watch', 'trace', 'recall', 'retrace'].indexOf(lesson.stage)) * 1000;
  const animation = watching ? stageBase + 1 + replayed : replayed > 0 ? stageBase + replayed : 0;
  const replay = () => setReplays({ stage: stageKey, n: replayed + 1 });

  const message = lessonMessage(lesson);
  const finished = lesson.phase === 'finished';
  const entryGrade = lessonGrade(lesson);
  const rtl = writtenRightToLeft(entry.languageCode);

  return (
    <PadGrid size={size} measure={measureWidth}>
      {prompt !== undefined && <Box sx={{ gridArea: 'prompt', minWidth: 0 }}>{prompt}</Box>}
      <Steps lesson={lesson} lang={entry.languageCode} rtl={rtl} />
      <Box ref={measureTop} sx={{ gridArea: 'canvas', width: size, height: size, justifySelf: { xs: 'center', sm: 'start' } }}>
        <WritingCanvas
          languageCode={entry.languageCode}
          gridType={gridTypeOf(entry.languageCode)}
          mode={theme.palette.mode}
          size={size}
          strokes={ordered}
          showOutline={!free && showsModel(lesson.stage)}
          glyph={free && showsModel(lesson.stage) && writing.phase === 'writing' ? { value: writing.value, faint: !watching } : null}
          done={watching ? 0 : writing.done}
          hint={writing.shown}
          nextHint={writing.nextHint}
          animation={animation}
          feedback={writing.feedback}
          keepInk={free ? writing.freeInk : undefined}
          finished={writing.result ? finishedInk(writing.result.ink, writing.result.grade) : null}
          onStroke={onStroke}
          disabled={watching}
          label={t('writing.canvasLabel', { n: lesson.index + 1, total: values.length })}
        />
      </Box>
      <Stack spacing={1} sx={{ gridArea: 'panel', minWidth: 0 }}>
        <Box role="status" aria-live="polite" data-testid="writing-message" sx={{ minHeight: '1.5em' }}>
          {finished ? (
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.5 }}>
              {t(message.key, message.values)}
            </Typography>
          ) : (
            <Typography>{t(message.key, message.values)}</Typography>
          )}
        </Box>
        {watching && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Button ref={wayOn} variant="contained" onClick={() => dispatch({ type: 'ready' })} aria-keyshortcuts="Enter" data-next-control="">
              {t('writing.ready')}
            </Button>
            {!free && <Button onClick={replay}>{t('writing.replay')}</Button>}
          </Stack>
        )}
        {active && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            {free && (
              <Button variant="contained" onClick={checkFree} disabled={writing.freeInk.length === 0}>
                {t('writing.check')}
              </Button>
            )}
            <Button onClick={() => dispatch({ type: 'write', event: { type: 'undo' } })} disabled={free ? writing.freeInk.length === 0 : writing.done === 0}>
              {t('writing.undo')}
            </Button>
            <Button onClick={() => dispatch({ type: 'write', event: { type: 'clear' } })}>{t('writing.clear')}</Button>
            {!free && showsModel(lesson.stage) && <Button onClick={replay}>{t('writing.animate')}</Button>}
            {!free && !showsModel(lesson.stage) && <Button onClick={() => dispatch({ type: 'write', event: { type: 'hint' } })}>{t('writing.hint')}</Button>}
          </Stack>
        )}
        {lesson.phase === 'stageDone' && (
          <Box>
            <Button ref={wayOn} variant="contained" onClick={() => dispatch({ type: 'next' })} aria-keyshortcuts="Enter" data-next-control="">
              {t(WAY_ON_LABEL[wayOnKind(lesson) ?? 'nextCharacter'])}
            </Button>
          </Box>
        )}
        {finished && actions}
        {result && <ResultBlock grade={result.grade} value={result.value} lang={entry.languageCode} graded={graded} />}
        {finished && entryGrade && values.length > 1 && (
          <Typography data-testid="writing-result" data-score={Math.round(entryGrade.score * 100)} sx={{ fontWeight: 600 }}>
            {graded
              ? t('writing.entryScore', { percent: Math.round(entryGrade.score * 100), rating: t(`writing.rating${entryGrade.rating}`) })
              : t('writing.entryPracticeScore', { percent: Math.round(entryGrade.score * 100) })}
          </Typography>
        )}
        {active && free && (
          <Typography variant="body2" color="text.secondary">
            {t('writing.noStrokeData')}
          </Typography>
        )}
        {notice}
      </Stack>
    </PadGrid>
  );
}

/** A finished character's ink, with its strokes shown to the learner (wrong) and its corrected
 * and hinted ones (the learner's own) marked apart. */
function finishedInk(ink: InkPoint[][], grade: CharacterGrade) {
  return {
    ink,
    wrong: strokesBy(grade.outcomes, 'shown'),
    corrected: [...strokesBy(grade.outcomes, 'corrected'), ...strokesBy(grade.outcomes, 'hinted')].sort((a, b) => a - b),
  };
}

/** Where the learner is: the stages of a new card (the one now marked), and for an entry of
 * several characters, which character, the ones written shown. */
function Steps({ lesson, lang, rtl }: { lesson: LessonState; lang: string; rtl: boolean }) {
  const { t, formatNumber } = useI18n();
  const stages = plannedStages(lesson.mode);
  const several = lesson.values.length > 1;
  if (stages.length === 1 && lesson.stage !== 'retrace' && !several) return null;
  const shown = lesson.stage === 'retrace' ? [...stages, 'retrace' as const] : stages;
  return (
    <Stack direction="row" spacing={1.5} sx={{ gridArea: 'steps', flexWrap: 'wrap', alignItems: 'baseline', minWidth: 0 }} useFlexGap>
      {several && (
        <Typography variant="body2" color="text.secondary" data-testid="writing-progress">
          {t('writing.characterOf', { n: lesson.index + 1, total: lesson.values.length })}
          {lesson.index > 0 && (
            <>
              {': '}
              <Box component="span" lang={lang} dir={rtl ? 'rtl' : 'ltr'} sx={{ color: 'text.primary', fontWeight: 600 }}>
                {lesson.values.slice(0, lesson.index).join('')}
              </Box>
            </>
          )}
        </Typography>
      )}
      {(shown.length > 1 || lesson.stage === 'retrace') && (
        // Each step by its number and name; on a phone the others by their number only, so the
        // steps stay one short line over the canvas in every locale.
        <Box
          component="ol"
          aria-label={t('writing.stages')}
          sx={{ display: 'flex', alignItems: 'center', flexWrap: { sm: 'wrap' }, columnGap: 1, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}
          data-testid="writing-stages"
        >
          {shown.map((stage, i) => {
            const now = stage === lesson.stage;
            return (
              <Box component="li" key={stage} aria-current={now ? 'step' : undefined} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: '50%',
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: 12,
                    fontWeight: 700,
                    bgcolor: now ? 'primary.main' : 'action.selected',
                    color: now ? 'primary.contrastText' : 'text.secondary',
                  }}
                >
                  {formatNumber(i + 1)}
                </Box>
                <Typography
                  component="span"
                  variant="body2"
                  // On a phone only the step now is named (the others are for screen readers).
                  sx={now ? { color: 'primary.main', fontWeight: 700 } : (th) => ({ color: 'text.secondary', [th.breakpoints.down('sm')]: visuallyHidden })}
                >
                  {t(`writing.stage.${stage}`)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

/** A written character's one grade (its score, and its rating when graded) and how its strokes
 * went: corrected and hinted ones apart from those shown to the learner. */
function ResultBlock({ grade, value, lang, graded }: { grade: CharacterGrade; value: string; lang: string; graded: boolean }) {
  const { t, formatNumber } = useI18n();
  const percent = formatNumber(Math.round(grade.score * 100));
  const list = (xs: number[]) => xs.map((i) => formatNumber(i + 1)).join(', ');
  const corrected = strokesBy(grade.outcomes, 'corrected');
  const hinted = strokesBy(grade.outcomes, 'hinted');
  const shown = strokesBy(grade.outcomes, 'shown');
  const notes = [
    ...(shown.length > 0 ? [t('writing.shownStrokes', { count: shown.length, strokes: list(shown) })] : []),
    ...(corrected.length > 0 ? [t('writing.correctedStrokes', { count: corrected.length, strokes: list(corrected) })] : []),
    ...(hinted.length > 0 ? [t('writing.hintedStrokes', { count: hinted.length, strokes: list(hinted) })] : []),
  ];
  return (
    <Box data-testid="character-score" data-score={Math.round(grade.score * 100)} data-rating={grade.rating}>
      <Typography sx={{ fontWeight: 600 }}>
        <span lang={lang}>{value}</span> ·{' '}
        {graded ? t('writing.resultScore', { percent, rating: t(`writing.rating${grade.rating}`) }) : t('writing.practiceScore', { percent })}
      </Typography>
      {grade.outcomes.length > 0 && (
        <Typography variant="body2" color={shown.length > 0 ? 'error' : 'text.secondary'} data-testid="stroke-outcomes">
          {notes.length > 0 ? notes.join(' ') : t('writing.noWrongStrokes')}
        </Typography>
      )}
    </Box>
  );
}

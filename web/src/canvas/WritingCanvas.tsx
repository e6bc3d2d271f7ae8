// The drawing surface: five layers at most (SPEC §9) — grid, reference outline with the strokes
// written so far, hint and stroke-order animation, live ink, feedback — over one 1024 box shown
// with a margin (VIEW_PAD), so letters reaching its edge stay inside the square. Pointer events
// for mouse, touch and pen (pressure), no page scroll or zoom while writing, sharp on high-density
// screens. The parent judges each stroke (onStroke) and says what to show: a refused stroke
// plainly in the error colour for a moment with the expected stroke flashing, the next stroke's
// start and direction as a hint, the stroke order animated (its length on the element as
// data-animation-ms), a character without stroke data as the font's glyph to copy, and a finished
// character's ink kept over the model, the strokes shown to the learner marked as wrong and the
// corrected ones marked apart.
import { useEffect, useId, useMemo, useRef, type CSSProperties } from 'react';
import type { Stroke } from '../api/generated/types';
import { CANVAS_COLOURS, DRAG_DISTANCE_PX, type CanvasMode } from './constants';
import { gridSegments, type GridType } from './grids';
import { boxToPx, drawSegment, drawStrokes, fitCanvas, inkWidth, polylineLength, pressureOf, strokeStart, toBox, travelPx, VIEW_BOX, VIEW_PAD, VIEW_SIZE, type InkPoint } from './ink';

/** What the feedback layer shows of the last stroke. */
export interface StrokeFeedback {
  kind: 'accepted' | 'wrong';
  points: readonly InkPoint[];
  /** A refused stroke: the stroke expected instead, flashed on the model (null: none). */
  expected?: number | null;
  /** Changes with every new feedback, so the same shape twice still flashes. */
  key: number;
}

/** A finished character: the learner's strokes kept over the model, the wrong ones marked. */
export interface FinishedInk {
  ink: readonly (readonly InkPoint[])[];
  /** Strokes (in writing order) that went wrong (shown to the learner before written). */
  wrong: readonly number[];
  /** Strokes refused or hinted, then written right by the learner. */
  corrected?: readonly number[];
}

/** The error colour, readable on each canvas background (contrast ≥ 4.5:1). */
const ERROR_COLOURS = { light: '#c62828', dark: '#ff8a80' } as const;
/** The expected stroke's flash and the next-stroke hint. */
const HINT_COLOURS = { light: '#1565c0', dark: '#82b1ff' } as const;
const NO_INK: readonly (readonly InkPoint[])[] = [];

export interface WritingCanvasProps {
  languageCode: string;
  gridType: GridType;
  mode: CanvasMode;
  /** Square size in CSS px. */
  size: number;
  /** The character's strokes (empty: none known; the ink then stays, see `keepInk`). */
  strokes: readonly Stroke[];
  /** Guided writing: the whole outline faintly. */
  showOutline: boolean;
  /** A character without stroke data shown as the font draws it, to copy: whole, or faint under
   * the learner's ink. */
  glyph?: { value: string; faint: boolean } | null;
  /** Strokes written correctly so far (drawn in the character colour). */
  done: number;
  /** A stroke to show whole (animated along its outline, after repeated misses), or null. */
  hint: number | null;
  /** A stroke whose start and direction only are shown (the learner asked), or null. */
  nextHint?: number | null;
  /** The character is finished: its ink stays over the model (drawing is off). */
  finished?: FinishedInk | null;
  /** Bump to play the stroke-order animation from stroke `done` on. */
  animation: number;
  feedback: StrokeFeedback | null;
  /** Free writing (no stroke data): drawn strokes stay as ink; the parent passes them back. */
  keepInk?: readonly (readonly InkPoint[])[];
  onStroke: (points: InkPoint[]) => void;
  /** Accessible name of the surface. */
  label: string;
  disabled?: boolean;
}

const ANIMATION_MS_PER_1000 = 600;
/** The pause between two animated strokes. */
const ANIMATION_GAP_MS = 120;

/** Duration (ms) of animating a stroke of median `length` (box units). */
function strokeDuration(length: number): number {
  return Math.max(250, (length / 1000) * ANIMATION_MS_PER_1000);
}

function medianPath(median: readonly (readonly [number, number])[]): string {
  return median.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

function inkPath(points: readonly InkPoint[]): string {
  return medianPath(points.map((p) => [p.x, p.y] as const)) + (points.length === 1 ? ' l0.1 0' : '');
}

/** When each animated stroke starts and how long it takes. */
function animationTimings(strokes: readonly Stroke[], lengths: readonly number[], hint: number | null, animation: number, done: number) {
  const animated = hint !== null ? [hint] : animation > 0 ? strokes.map((_, i) => i).filter((i) => i >= done) : [];
  const out: { i: number; stroke: Stroke; length: number; delay: number; duration: number }[] = [];
  let delay = 0;
  for (const i of animated) {
    const stroke = strokes[i];
    if (!stroke) continue;
    const length = lengths[i] ?? 0;
    const duration = strokeDuration(length);
    out.push({ i, stroke, length, delay, duration });
    delay += duration + ANIMATION_GAP_MS;
  }
  return out;
}

/** How long the whole stroke-order animation of `strokes` runs (ms). */
export function animationMs(strokes: readonly Stroke[]): number {
  const t = animationTimings(strokes, strokes.map((s) => polylineLength(s.median)), null, 1, 0).at(-1);
  return t ? t.delay + t.duration : 0;
}

export function WritingCanvas(props: WritingCanvasProps) {
  const { size, mode, strokes, done, hint, animation, feedback, onStroke, finished } = props;
  const nextHint = props.nextHint ?? null;
  // A finished character is shown, not drawn on.
  const disabled = props.disabled || !!finished;
  const keepInk = finished ? NO_INK : props.keepInk;
  const colours = CANVAS_COLOURS[mode];
  const error = ERROR_COLOURS[mode];
  const highlight = HINT_COLOURS[mode];
  const ids = useId().replace(/:/g, '');
  const inkRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<{ id: number; points: InkPoint[]; start: number; rect: DOMRect } | null>(null);
  const pending = useRef<number | null>(null);
  /** Points of the current stroke already on the ink layer. */
  const drawnUpTo = useRef(0);
  const onStrokeRef = useRef(onStroke);
  useEffect(() => {
    onStrokeRef.current = onStroke;
  }, [onStroke]);

  // The ink layer: redrawn whole only when its size, colour or kept strokes change.
  useEffect(() => {
    const canvas = inkRef.current;
    if (!canvas) return;
    const ctx = fitCanvas(canvas, size);
    if (ctx) drawStrokes(ctx, keepInk ?? [], colours.character);
  }, [size, colours.character, keepInk]);

  const lengths = useMemo(() => strokes.map((s) => polylineLength(s.median)), [strokes]);
  const grid = useMemo(() => gridSegments(props.gridType, props.languageCode, VIEW_PAD), [props.gridType, props.languageCode]);

  const handlers = useMemo(() => {
    const canvasOf = () => inkRef.current;
    /** Draws the points added since the last frame (one short curve each). */
    const flush = (from: number) => {
      pending.current = null;
      const c = current.current;
      const canvas = canvasOf();
      const ctx = canvas?.getContext('2d');
      if (!c || !ctx) return;
      for (let i = from; i < c.points.length; i++) drawSegment(ctx, c.points, i, colours.character);
    };
    const add = (e: PointerEvent) => {
      const c = current.current;
      if (!c) return;
      const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
      for (const ev of events.length > 0 ? events : [e]) {
        const p = toBox(ev.clientX, ev.clientY, c.rect);
        const last = c.points[c.points.length - 1];
        // Points closer than a box unit add nothing but work for the matcher.
        if (last && Math.hypot(p.x - last.x, p.y - last.y) < 1) continue;
        c.points.push({ ...p, pressure: pressureOf(ev), t: ev.timeStamp - c.start });
      }
      if (pending.current === null) {
        pending.current = requestAnimationFrame(() => {
          flush(drawnUpTo.current);
          drawnUpTo.current = current.current?.points.length ?? 0;
        });
      }
    };
    return {
      onPointerDown(e: React.PointerEvent<HTMLCanvasElement>) {
        if (disabled || current.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
        e.preventDefault();
        const canvas = e.currentTarget;
        canvas.setPointerCapture(e.pointerId);
        const rect = canvas.getBoundingClientRect();
        const p = toBox(e.clientX, e.clientY, rect);
        current.current = { id: e.pointerId, points: [{ ...p, pressure: pressureOf(e.nativeEvent), t: 0 }], start: e.timeStamp, rect };
        flush(0);
        drawnUpTo.current = 1;
      },
      onPointerMove(e: React.PointerEvent<HTMLCanvasElement>) {
        if (current.current?.id !== e.pointerId) return;
        e.preventDefault();
        add(e.nativeEvent);
      },
      onPointerUp(e: React.PointerEvent<HTMLCanvasElement>) {
        const c = current.current;
        if (c?.id !== e.pointerId) return;
        add(e.nativeEvent);
        current.current = null;
        if (pending.current !== null) cancelAnimationFrame(pending.current);
        pending.current = null;
        // A press that never travelled the drag distance is a tap: a dot where it landed.
        const points = travelPx(c.points, boxToPx(c.rect.width)) < DRAG_DISTANCE_PX ? c.points.slice(0, 1) : c.points;
        const canvas = canvasOf();
        const ctx = canvas ? fitCanvas(canvas, size) : null;
        if (ctx) drawStrokes(ctx, keepInk ? [...keepInk, points] : [], colours.character);
        onStrokeRef.current(points);
      },
      onPointerCancel(e: React.PointerEvent<HTMLCanvasElement>) {
        if (current.current?.id !== e.pointerId) return;
        current.current = null;
        const canvas = canvasOf();
        const ctx = canvas ? fitCanvas(canvas, size) : null;
        if (ctx) drawStrokes(ctx, keepInk ?? [], colours.character);
      },
    };
  }, [colours.character, disabled, keepInk, size]);

  const layer: CSSProperties = { position: 'absolute', inset: 0, width: size, height: size, pointerEvents: 'none' };
  // Stroke-order animation from the first stroke not yet written (or the hinted one alone).
  const timings = useMemo(() => animationTimings(strokes, lengths, hint, animation, done), [strokes, lengths, hint, animation, done]);
  const last = timings.at(-1);
  const corrected = finished?.corrected ?? [];

  return (
    <div
      role="group"
      aria-label={props.label}
      style={{ position: 'relative', width: size, height: size, touchAction: 'none', userSelect: 'none', WebkitUserSelect: 'none' }}
      data-strokes-done={done}
      data-finished={finished ? 'true' : undefined}
      data-animation-ms={last ? Math.round(last.delay + last.duration) : 0}
    >
      {/* 1. grid */}
      <svg viewBox={VIEW_BOX} style={layer} aria-hidden="true">
        <rect x={-VIEW_PAD} y={-VIEW_PAD} width={VIEW_SIZE} height={VIEW_SIZE} fill={colours.background} stroke={colours.border} strokeWidth={12} />
        {grid.map((g, i) => (
          <line key={i} x1={g.x1} y1={g.y1} x2={g.x2} y2={g.y2} stroke={colours.border} strokeWidth={g.strong ? 6 : 3} strokeDasharray={g.dashed ? '18 14' : undefined} />
        ))}
      </svg>
      {/* 2. reference outline and the strokes written so far; a finished character's model, faint,
          its wrong strokes tinted */}
      <svg viewBox={VIEW_BOX} style={layer} aria-hidden="true">
        {finished
          ? strokes.map((s, i) => {
              const wrong = finished.wrong.includes(i);
              return <path key={`m${i}`} d={s.path} fill={wrong ? error : colours.character} opacity={wrong ? 0.35 : 0.22} data-model-stroke={i} />;
            })
          : (
            <>
              {props.glyph && (
                <text
                  x={512}
                  y={512}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={780}
                  fontFamily="system-ui, sans-serif"
                  fill={colours.character}
                  opacity={props.glyph.faint ? 0.18 : 0.85}
                  lang={props.languageCode}
                  data-testid="glyph-model"
                >
                  {props.glyph.value}
                </text>
              )}
              {props.showOutline && strokes.map((s, i) => <path key={`o${i}`} d={s.path} fill={colours.character} opacity={0.14} />)}
              {strokes.slice(0, done).map((s, i) => (
                <path key={`d${i}`} d={s.path} fill={colours.character} data-stroke-done={i} />
              ))}
            </>
          )}
      </svg>
      {/* 3. hint and stroke-order animation: a thick line along the median, clipped by the outline */}
      <svg viewBox={VIEW_BOX} style={layer} aria-hidden="true" key={`anim${animation}-${hint ?? ''}`}>
        <style>{`@keyframes ${ids}draw{to{stroke-dashoffset:0}}@media (prefers-reduced-motion: reduce){.${ids}a{animation:none!important;stroke-dashoffset:0!important}}`}</style>
        <defs>
          {timings.map(({ i, stroke }) => (
            <clipPath key={i} id={`${ids}c${i}`}>
              <path d={stroke.path} />
            </clipPath>
          ))}
        </defs>
        {timings.map(({ i, stroke, length, delay: d, duration }) => (
          <g key={i} clipPath={`url(#${ids}c${i})`}>
            <path
              className={`${ids}a`}
              d={medianPath(stroke.median)}
              fill="none"
              stroke={hint !== null ? highlight : colours.border}
              strokeWidth={160}
              strokeLinecap="round"
              strokeLinejoin="round"
              strokeDasharray={`${length + 160} ${length + 160}`}
              strokeDashoffset={length + 160}
              style={{ animation: `${ids}draw ${duration}ms linear ${d}ms forwards` }}
              data-hint={hint !== null ? i : undefined}
            />
          </g>
        ))}
        {!finished && nextHint !== null && <NextStrokeHint stroke={strokes[nextHint]} index={nextHint} colour={highlight} />}
      </svg>
      {/* 4. live ink */}
      <canvas
        ref={inkRef}
        style={{ ...layer, pointerEvents: disabled ? 'none' : 'auto', touchAction: 'none', cursor: 'crosshair' }}
        onPointerDown={handlers.onPointerDown}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerCancel}
        onContextMenu={(e) => e.preventDefault()}
        data-testid="ink"
        // How the box maps onto the element (the e2e tests draw in box units through it).
        data-view-pad={VIEW_PAD}
        data-view-size={VIEW_SIZE}
      />
      {/* 5. feedback: a refused stroke plainly in the error colour, held then fading, with the
          expected stroke flashing; or a finished character's ink over the model */}
      <svg viewBox={VIEW_BOX} style={layer} aria-hidden="true">
        <style>{`@keyframes ${ids}fade{0%,65%{opacity:1}100%{opacity:0}}@keyframes ${ids}flash{0%{opacity:0}20%{opacity:.75}45%{opacity:.15}70%{opacity:.75}100%{opacity:0}}@media (prefers-reduced-motion: reduce){.${ids}f{animation:none!important}}`}</style>
        {!finished && feedback && feedback.kind === 'wrong' && feedback.points.length > 0 && (
          <g key={feedback.key}>
            {feedback.expected != null && strokes[feedback.expected] && (
              <path
                className={`${ids}f`}
                d={strokes[feedback.expected]!.path}
                fill={highlight}
                opacity={0.6}
                style={{ animation: `${ids}flash 1200ms ease-in-out forwards` }}
                data-testid="expected-flash"
                data-expected={feedback.expected}
              />
            )}
            <path
              className={`${ids}f`}
              d={inkPath(feedback.points)}
              fill="none"
              stroke={error}
              strokeWidth={inkWidth(0.5)}
              strokeLinecap="round"
              strokeLinejoin="round"
              style={{ animation: `${ids}fade 1800ms ease-in forwards` }}
              data-testid="refused-stroke"
            />
          </g>
        )}
        {finished && (
          <g data-testid="ink-overlay" data-wrong={finished.wrong.join(',')} data-corrected={corrected.join(',')}>
            {finished.ink.map((points, i) => (
              <path
                key={i}
                d={inkPath(points)}
                fill="none"
                stroke={finished.wrong.includes(i) ? error : colours.character}
                strokeWidth={inkWidth(0.5)}
                strokeLinecap="round"
                strokeLinejoin="round"
                opacity={0.85}
                data-ink-stroke={i}
              />
            ))}
            {finished.wrong.map((i) => {
              const first = finished.ink[i]?.[0];
              return first ? <StrokeMark key={`w${i}`} x={first.x} y={first.y} n={i + 1} colour={error} text={colours.background} kind="wrong" /> : null;
            })}
            {corrected.map((i) => {
              const first = finished.ink[i]?.[0];
              return first ? <StrokeMark key={`c${i}`} x={first.x} y={first.y} n={i + 1} colour={highlight} text={colours.background} kind="corrected" /> : null;
            })}
          </g>
        )}
      </svg>
    </div>
  );
}

/** The next stroke's start (a dot) and direction (a short arrow), nothing more of it. */
function NextStrokeHint({ stroke, index, colour }: { stroke: Stroke | undefined; index: number; colour: string }) {
  const at = stroke ? strokeStart(stroke.median) : null;
  if (!at) return null;
  const angle = (Math.atan2(at.ty - at.y, at.tx - at.x) * 180) / Math.PI;
  const length = Math.hypot(at.tx - at.x, at.ty - at.y);
  return (
    <g data-next-hint={index} transform={`translate(${at.x} ${at.y}) rotate(${angle})`}>
      <circle r={34} fill={colour} opacity={0.9} />
      {length > 40 && (
        <>
          <line x1={34} y1={0} x2={Math.max(40, length - 36)} y2={0} stroke={colour} strokeWidth={18} strokeLinecap="round" />
          <path d={`M${length} 0 L${length - 52} -34 L${length - 52} 34 Z`} fill={colour} />
        </>
      )}
    </g>
  );
}

/** A marked stroke's number at its start: a wrong one in the error colour, a corrected one in the
 * hint colour, smaller. */
function StrokeMark({ x, y, n, colour, text, kind }: { x: number; y: number; n: number; colour: string; text: string; kind: 'wrong' | 'corrected' }) {
  return (
    <g transform={`translate(${x} ${y})${kind === 'corrected' ? ' scale(0.8)' : ''}`} data-wrong-mark={kind === 'wrong' ? n - 1 : undefined} data-corrected-mark={kind === 'corrected' ? n - 1 : undefined}>
      <circle r={40} fill={colour} />
      <text textAnchor="middle" dominantBaseline="central" fontSize={52} fontWeight={700} fill={text}>
        {n}
      </text>
    </g>
  );
}

// Why the server refused a change, as the outbox keeps it (code, reason, field: docs/rpc.md's
// error `data`), and what follows from it: whether it was a client bug (sent again by the next
// build of the app) and the plain, translated words that tell a learner what could not be saved
// and why. Pure: no I/O, no React. The server's own message is never part of what is shown.
import type { ErrorReason } from '../api/generated/types';
import { isMutation } from '../api/procedures';
import type { MessageKey, MessageParams } from '../i18n/translate';

/** The `data.reason` values the server gives: the generated ErrorReason, each named once here so
 * that a reason added on the server fails this build until it is mapped below. */
const REASONS: Record<ErrorReason, true> = {
  required: true,
  tooLong: true,
  tooMany: true,
  outOfRange: true,
  invalidFormat: true,
  invalidType: true,
  conflict: true,
  forbidden: true,
  notFound: true,
  tooLarge: true,
};
export const REFUSAL_REASONS = Object.keys(REASONS) as readonly ErrorReason[];
export type RefusalReason = ErrorReason;

/** A refusal as stored on the refused outbox item. Strings as the server sent them (a later build
 * may know a reason this one does not). */
export interface Refusal {
  /** The tRPC error code (data.code); absent when the app itself could not send it (a procedure
   * this build does not know). */
  code?: string;
  /** data.reason: what was wrong, when the server says. */
  reason?: string;
  /** data.field: the camelCase JSON path of the offending input field, e.g. `durationMs`. */
  field?: string;
  /** The build of the app that got the refusal (VITE_BUILD_ID), when it has one. */
  build?: string;
}

/** The longest code, reason or field kept: they come from the network. */
const MAX_LENGTH = 200;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v.slice(0, MAX_LENGTH) : undefined;

/** The refusal a tRPC error's `data` describes (read defensively: any of it may be missing). */
export function refusalFromData(data: unknown, build?: string): Refusal {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const out: Refusal = {};
  const code = str(d.code);
  const reason = str(d.reason);
  const field = str(d.field);
  if (code) out.code = code;
  if (reason) out.reason = reason;
  if (field) out.field = field;
  if (build) out.build = build;
  return out;
}

const knownReason = (r: string | undefined): RefusalReason | undefined =>
  REFUSAL_REASONS.find((x) => x === r);

/** What the server refused, in kinds that read alike to a learner. */
export type RefusalKind =
  | 'invalid'
  | 'required'
  | 'tooLong'
  | 'tooMany'
  | 'outOfRange'
  | 'tooLarge'
  | 'forbidden'
  | 'conflict'
  | 'notFound'
  | 'other';

/** Kinds that mean the app sent something it should not have: a client bug, which a later build
 * may fix, so the change is sent again when the app updates. */
const CLIENT_BUG_KINDS: ReadonlySet<RefusalKind> = new Set<RefusalKind>([
  'invalid',
  'required',
  'tooLong',
  'tooMany',
  'outOfRange',
  'tooLarge',
]);

const KIND_OF_REASON: Record<RefusalReason, RefusalKind> = {
  required: 'required',
  tooLong: 'tooLong',
  tooMany: 'tooMany',
  outOfRange: 'outOfRange',
  invalidFormat: 'invalid',
  invalidType: 'invalid',
  tooLarge: 'tooLarge',
  conflict: 'conflict',
  forbidden: 'forbidden',
  notFound: 'notFound',
};

const KIND_OF_CODE: Readonly<Record<string, RefusalKind>> = {
  BAD_REQUEST: 'invalid',
  PARSE_ERROR: 'invalid',
  UNPROCESSABLE_CONTENT: 'invalid',
  METHOD_NOT_SUPPORTED: 'invalid',
  PAYLOAD_TOO_LARGE: 'tooLarge',
  FORBIDDEN: 'forbidden',
  CONFLICT: 'conflict',
  NOT_FOUND: 'notFound',
};

/** The kind of a refusal: by its reason when the server gave one this build knows, else by its
 * code. No refusal recorded (an item refused by a build before refusals were kept) is 'other'. */
export function refusalKind(r: Refusal | undefined): RefusalKind {
  if (!r) return 'other';
  const reason = knownReason(r.reason);
  if (reason) return KIND_OF_REASON[reason];
  // No code: this build could not send it at all (a procedure it does not know).
  if (r.code === undefined) return 'invalid';
  return KIND_OF_CODE[r.code] ?? 'other';
}

/** Whether the change is sent again once the app runs another build: the server refused what the
 * app sent, not what the learner may do. Items from before refusals were recorded (no refusal)
 * are sent again once too, since why they were refused is not known. */
export function retriesOnUpdate(r: Refusal | undefined): boolean {
  return r === undefined || CLIENT_BUG_KINDS.has(refusalKind(r));
}

/** A message to translate. */
export interface Msg {
  key: MessageKey;
  params?: MessageParams;
}

/** What the change was ("Review of 학교"), from its procedure and the name of what it changed:
 * each mutation of the registry has its message, `refused.<procedure>` (checked by the types). */
export function refusedWhat(procedure: string, name: string): Msg {
  if (!isMutation(procedure)) return { key: 'refused.change' };
  const key: MessageKey = `refused.${procedure}`;
  return { key, params: { name } };
}

/** The learner's words for the input fields the server may name (a field without one is not
 * named: a raw JSON path means nothing to a learner). */
const FIELD_LABELS: Readonly<Record<string, MessageKey>> = {
  id: 'refused.field.id',
  entryId: 'refused.field.entry',
  cardId: 'refused.field.card',
  kind: 'refused.field.cardKind',
  rating: 'refused.field.rating',
  reviewedAt: 'refused.field.reviewedAt',
  durationMs: 'refused.field.durationMs',
  score: 'refused.field.score',
  desiredRetention: 'refused.field.desiredRetention',
  deckId: 'refused.field.deck',
  newPerDay: 'refused.field.newPerDay',
  enabled: 'refused.field.enabled',
  languageCode: 'refused.field.language',
  title: 'refused.field.title',
  description: 'refused.field.description',
  entryIds: 'refused.field.entryIds',
  position: 'refused.field.position',
  text: 'refused.field.text',
  reading: 'refused.field.reading',
  meanings: 'refused.field.meanings',
  notes: 'refused.field.notes',
  examples: 'refused.field.examples',
  translation: 'refused.field.translation',
  audioUrl: 'refused.field.audioUrl',
  value: 'refused.field.character',
  strokes: 'refused.field.strokes',
  path: 'refused.field.strokes',
  median: 'refused.field.strokes',
  source: 'refused.field.source',
  leniency: 'refused.field.leniency',
  alternatives: 'refused.field.alternatives',
  // A test's fields: its times, and its answers (an answer's own fields without a label of their
  // own, `answers[3].verdict`, are named by `answers`).
  startedAt: 'refused.field.testTime',
  finishedAt: 'refused.field.testTime',
  answeredAt: 'refused.field.testTime',
  answers: 'refused.field.answers',
};

/** The label of a field path (`durationMs`, `examples[0].translation`, `strokes.2.median`): its
 * last named part, else its first; undefined when neither has a label. */
export function fieldLabel(path: string | undefined): MessageKey | undefined {
  if (!path) return undefined;
  const parts = path.split(/[.[\]/]+/).filter((p) => p !== '' && !/^\d+$/.test(p));
  const own = (p: string | undefined) => (p !== undefined && Object.hasOwn(FIELD_LABELS, p) ? FIELD_LABELS[p] : undefined);
  return own(parts.at(-1)) ?? own(parts[0]);
}

/** The sentence of each kind, without and with a field. */
const WHY: Record<RefusalKind, { plain: MessageKey; field?: MessageKey }> = {
  invalid: { plain: 'refused.why.invalid', field: 'refused.why.invalidField' },
  required: { plain: 'refused.why.required', field: 'refused.why.requiredField' },
  tooLong: { plain: 'refused.why.tooLong', field: 'refused.why.tooLongField' },
  tooMany: { plain: 'refused.why.tooMany', field: 'refused.why.tooManyField' },
  outOfRange: { plain: 'refused.why.outOfRange', field: 'refused.why.outOfRangeField' },
  tooLarge: { plain: 'refused.why.tooLarge', field: 'refused.why.tooLargeField' },
  forbidden: { plain: 'refused.why.forbidden' },
  conflict: { plain: 'refused.why.conflict' },
  notFound: { plain: 'refused.why.notFound' },
  other: { plain: 'refused.why.other' },
};

/** Why it could not be saved, in plain words, and what happens next (for a client bug: it is
 * sent again when the app updates). `label` translates a field's label for the sentence. */
export function refusedWhy(r: Refusal | undefined, label: (key: MessageKey) => string): Msg[] {
  const kind = refusalKind(r);
  const why = WHY[kind];
  const field = why.field ? fieldLabel(r?.field) : undefined;
  const out: Msg[] = [field && why.field ? { key: why.field, params: { field: label(field) } } : { key: why.plain }];
  if (r !== undefined && CLIENT_BUG_KINDS.has(kind)) out.push({ key: 'refused.then.update' });
  return out;
}

// Refusals in plain words: every reason and code the server can give, for every procedure, reads
// as a translated sentence in every locale (never the server's message, a code or a JSON path),
// and only what the app sent wrongly is sent again by a later build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../api/generated/types';
import enUS from '../i18n/messages/en-US.json';
import { SUPPORTED_LOCALES } from '../i18n/locale';
import { LRI, translate, type MessageKey, type MessageParams } from '../i18n/translate';
import {
  fieldLabel,
  REFUSAL_REASONS,
  refusalFromData,
  refusalKind,
  refusedWhat,
  refusedWhy,
  retriesOnUpdate,
  type Refusal,
} from './refusal';

const english = enUS as Record<string, string>;
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(__dirname, '../i18n/messages', `${locale}.json`), 'utf8')) as Record<string, string>;
const translator = (locale: string) => {
  const messages = catalogue(locale);
  return (key: MessageKey, params?: MessageParams) => translate(messages, english, locale, key, params);
};

const CODES: readonly ErrorCode[] = [
  'PARSE_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
];
const PROCEDURES = ['saveUserReview', 'saveUserEntry', 'saveUserDeck', 'saveDeck', 'saveEntry', 'saveCharacter', 'saveSomethingNew'];
const FIELDS = [undefined, 'durationMs', 'examples[0].translation', 'strokes.3.median', 'someInternal.path'];

/** Every refusal worth telling apart: each reason (with and without a field, under the code it
 * comes with and under BAD_REQUEST), each code alone, a reason this build does not know, none. */
const CASES: (Refusal | undefined)[] = [
  undefined,
  {},
  ...CODES.map((code) => ({ code })),
  ...REFUSAL_REASONS.flatMap((reason) => FIELDS.map((field) => ({ code: 'BAD_REQUEST', reason, ...(field ? { field } : {}) }))),
  { code: 'BAD_REQUEST', reason: 'someFutureReason', field: 'durationMs' },
  { code: 'SOME_FUTURE_CODE' },
];

const RAW = /durationMs|examples\[|strokes\.|someInternal|[A-Z]{2,}_[A-Z]|invalidType|someFuture|invalid type|floating point|\{|\}|refused\.|sync\./;

describe('refusals in plain words', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`every refusal of every procedure reads as a sentence in ${locale}`, () => {
      const t = translator(locale);
      const en = translator('en-US');
      for (const procedure of PROCEDURES) {
        for (const refusal of CASES) {
          const what = refusedWhat(procedure, '학교');
          const why = refusedWhy(refusal, t).map((m) => t(m.key, m.params));
          const text = [t(what.key, what.params), ...why].join(' ');
          const label = `${locale} ${procedure} ${JSON.stringify(refusal)}`;
          expect(why.length, label).toBeGreaterThan(0);
          expect(text, label).not.toMatch(RAW);
          expect(text, label).not.toContain(procedure);
          if (locale !== 'en-US') {
            // Translated, not English shown as a fallback.
            expect(text, label).not.toContain(LRI);
            expect(why.join(' '), label).not.toBe(refusedWhy(refusal, en).map((m) => en(m.key, m.params)).join(' '));
          }
        }
      }
    });
  }

  it("says what issue 23's refusal was, and that it is sent again after an update", () => {
    const t = translator('en-US');
    const refusal = refusalFromData({ code: 'BAD_REQUEST', httpStatus: 400, path: 'saveUserReview', reason: 'invalidType', field: 'durationMs' });
    const what = refusedWhat('saveUserReview', '학교');
    expect(t(what.key, what.params)).toBe('Review of 학교');
    expect(refusedWhy(refusal, t).map((m) => t(m.key, m.params)).join(' ')).toBe(
      'The app sent something the server could not accept (time taken to answer). It will be sent again when the app updates.',
    );
    // Before the server named reason and field: the same, without the field.
    expect(refusedWhy({ code: 'BAD_REQUEST' }, t).map((m) => t(m.key, m.params)).join(' ')).toBe(
      'The app sent something the server could not accept. It will be sent again when the app updates.',
    );
    expect(refusedWhy({ code: 'FORBIDDEN' }, t).map((m) => t(m.key, m.params))).toEqual(['You no longer have permission to change this.']);
  });

  it('sends again after an update only what the app sent wrongly', () => {
    const table: [Refusal | undefined, boolean][] = [
      [{ code: 'BAD_REQUEST' }, true],
      [{ code: 'PARSE_ERROR' }, true],
      [{ code: 'UNPROCESSABLE_CONTENT' }, true],
      [{ code: 'METHOD_NOT_SUPPORTED' }, true],
      [{ code: 'PAYLOAD_TOO_LARGE' }, true],
      [{}, true], // a procedure this build does not know
      [undefined, true], // set aside before refusals were recorded: once
      [{ code: 'FORBIDDEN' }, false],
      [{ code: 'CONFLICT' }, false],
      [{ code: 'NOT_FOUND' }, false],
      [{ code: 'SOME_FUTURE_CODE' }, false],
      ...(['required', 'tooLong', 'tooMany', 'outOfRange', 'invalidFormat', 'invalidType', 'tooLarge'] as const).map(
        (reason): [Refusal, boolean] => [{ code: 'BAD_REQUEST', reason }, true],
      ),
      // The reason wins over the code.
      [{ code: 'BAD_REQUEST', reason: 'conflict' }, false],
      [{ code: 'BAD_REQUEST', reason: 'forbidden' }, false],
      [{ code: 'BAD_REQUEST', reason: 'notFound' }, false],
      [{ code: 'FORBIDDEN', reason: 'someFutureReason' }, false],
    ];
    for (const [refusal, again] of table) expect(retriesOnUpdate(refusal), JSON.stringify(refusal)).toBe(again);
    expect(refusalKind({ code: 'CONFLICT', reason: 'tooLong' })).toBe('tooLong');
  });

  it('names a field by its last named part, else its first, else not at all', () => {
    expect(fieldLabel('durationMs')).toBe('refused.field.durationMs');
    expect(fieldLabel('examples[0].translation')).toBe('refused.field.translation');
    expect(fieldLabel('examples/1/text')).toBe('refused.field.text');
    expect(fieldLabel('strokes.3.median.7')).toBe('refused.field.strokes');
    expect(fieldLabel('meanings.2')).toBe('refused.field.meanings');
    expect(fieldLabel('examples[0].unknown')).toBe('refused.field.examples');
    // A test's answers: an answer's own field where it has a label, else `answers`.
    expect(fieldLabel('answers[3].verdict')).toBe('refused.field.answers');
    expect(fieldLabel('answers[3].entryId')).toBe('refused.field.entry');
    expect(fieldLabel('answers[0].answeredAt')).toBe('refused.field.testTime');
    expect(fieldLabel('finishedAt')).toBe('refused.field.testTime');
    expect(fieldLabel('unknown')).toBeUndefined();
    expect(fieldLabel('toString')).toBeUndefined();
    expect(fieldLabel(undefined)).toBeUndefined();
  });

  it("reads an error's data defensively", () => {
    expect(refusalFromData(undefined)).toEqual({});
    expect(refusalFromData('BAD_REQUEST')).toEqual({});
    expect(refusalFromData({ code: 7, reason: null, field: '' }, 'b1')).toEqual({ build: 'b1' });
    expect(refusalFromData({ code: 'BAD_REQUEST', reason: 'tooLong', field: 'title', httpStatus: 400 })).toEqual({
      code: 'BAD_REQUEST',
      reason: 'tooLong',
      field: 'title',
    });
    expect(refusalFromData({ code: 'X'.repeat(1000) }).code).toHaveLength(200);
  });
});
